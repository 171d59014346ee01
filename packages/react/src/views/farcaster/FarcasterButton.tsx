import { useLatch, useT } from '../../hooks/useLatch.js'

/**
 * "Continue with Farcaster" on Connect, in its place among the social buttons (SPEC §9's order,
 * or the host's `features.socials`). A click calls `latch.connectFarcaster`: core shows
 * ConnectingFarcaster and runs its sign-in; the outcome shows there, the promise is the host's.
 */
export function FarcasterButton() {
  const latch = useLatch()
  const t = useT()
  return (
    <button
      type="button"
      className="latch-button"
      onClick={() => void latch.connectFarcaster().catch(() => undefined)}
    >
      {t('view.ConnectingSocial.continueWith', { provider: t('view.ConnectingFarcaster.name') })}
    </button>
  )
}
