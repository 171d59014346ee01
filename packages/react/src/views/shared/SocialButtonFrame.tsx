import type { SocialLoginOption } from '@latch/core'
import { SOCIAL_MARKS } from './social-marks.data.js'

/** How a social button is drawn: the first full width with its text, the others as icons. */
export interface SocialButtonProps {
  /** An icon button in the row under the first (named, titled, its mark only). */
  compact?: boolean
}

export interface SocialButtonFrameProps {
  provider: SocialLoginOption
  compact: boolean
  /** "Continue with GitHub": the text of the full button, the name and tooltip of the icon. */
  label: string
  onClick(): void
}

/**
 * A social button's shape, shared by the social providers and Farcaster's own flow: full width
 * with its mark and text, or compact with its mark alone, the text as its name and tooltip.
 */
export function SocialButtonFrame({ provider, compact, label, onClick }: SocialButtonFrameProps) {
  return compact ? (
    <button
      type="button"
      className="latch-social-icon"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <SocialMark provider={provider} />
    </button>
  ) : (
    <button type="button" className="latch-button" data-variant="secondary" onClick={onClick}>
      <SocialMark provider={provider} />
      <span>{label}</span>
    </button>
  )
}

/**
 * A provider's mark on its button, decorative (the button's name says which provider it is):
 * inline, so the marks drawn in `currentColor` (X, GitHub, Apple) follow the theme.
 */
export function SocialMark({ provider }: { provider: SocialLoginOption }) {
  const mark = SOCIAL_MARKS[provider]
  return (
    <svg
      className="latch-social-mark"
      data-provider={provider}
      viewBox={mark.viewBox}
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {mark.paths.map((path) => (
        <path key={path.d} fill={path.fill} d={path.d} />
      ))}
    </svg>
  )
}
