import type { SocialLoginOption } from '@latch/core'
import type { ComponentType } from 'react'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'
import { providerNameKey } from './provider-name.js'
import { SocialButtonFrame, type SocialButtonProps } from '../shared/SocialButtonFrame.js'

export interface SocialSectionProps {
  /** Farcaster's button, from its own flow (the registry composes it in). */
  FarcasterButton: ComponentType<SocialButtonProps>
}

/**
 * The social buttons on Connect (SPEC §2: a method placed by core's order), one per provider of
 * `features.socials`, in its order: the first full width with its text, the others as a row of
 * icon buttons named "Continue with …" (issue 37: Connect stays short, as AppKit's). A click
 * calls `latch.connectSocial` at once, in the click handler: core opens the popup before
 * anything else, so popup blockers let it through, then shows ConnectingSocial; Farcaster's
 * button (its own flow, a QR code) takes its place in the order (the registry hands it in, so
 * this flow imports no other). Shown only when the secure frame can load (a `serverUrl` and a
 * project id), as the email field is.
 */
export function SocialSection({ FarcasterButton }: SocialSectionProps) {
  const latch = useLatch()
  const t = useT()
  const socials = useSelector(latch.actor, (s) => s.context.features.socials)
  if (!latch.auth.available || socials === false || socials.length === 0) return null
  const [first, ...others] = socials
  const button = (provider: SocialLoginOption, compact: boolean) =>
    provider === 'farcaster' ? (
      <FarcasterButton key={provider} compact={compact} />
    ) : (
      <SocialButton key={provider} provider={provider} compact={compact} />
    )
  return (
    <div role="group" aria-label={t('view.ConnectingSocial.group')} className="latch-socials">
      {first ? button(first, false) : null}
      {others.length > 0 ? (
        <div className="latch-social-row">{others.map((provider) => button(provider, true))}</div>
      ) : null}
    </div>
  )
}

function SocialButton({
  provider,
  compact,
}: {
  provider: Exclude<SocialLoginOption, 'farcaster'>
  compact: boolean
}) {
  const latch = useLatch()
  const t = useT()
  return (
    <SocialButtonFrame
      provider={provider}
      compact={compact}
      label={t('view.ConnectingSocial.continueWith', { provider: t(providerNameKey(provider)) })}
      // The login's outcome shows in ConnectingSocial; its promise is the host's to read.
      onClick={() => void latch.connectSocial(provider).catch(() => undefined)}
    />
  )
}
