import { useLatch, useT } from '../../hooks/useLatch.js'
import { SocialButtonFrame, type SocialButtonProps } from '../shared/SocialButtonFrame.js'

/**
 * "Continue with Farcaster" on Connect, in its place among the social buttons (SPEC §9's order,
 * or the host's `features.socials`): full width when first, else an icon in their row. A click
 * calls `latch.connectFarcaster`: core shows ConnectingFarcaster and runs its sign-in; the
 * outcome shows there, the promise is the host's.
 */
export function FarcasterButton({ compact = false }: SocialButtonProps) {
  const latch = useLatch()
  const t = useT()
  return (
    <SocialButtonFrame
      provider="farcaster"
      compact={compact}
      label={t('view.ConnectingSocial.continueWith', {
        provider: t('view.ConnectingFarcaster.name'),
      })}
      onClick={() => void latch.connectFarcaster().catch(() => undefined)}
    />
  )
}
