import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { LatchError } from '../../errors/latch-error.js'
import type { ConnectHelperResult } from '../../machines/connection.selectors.js'
import { currentConnection } from '../connected.js'
import { defineFlow, type HostContext } from '../flow.js'
import type { FarcasterRefs } from './farcaster.runtime.js'

/**
 * Sign in with Farcaster (issue 12): ConnectingFarcaster's run asks the secure frame for a
 * sign-in link (the QR code and the deep link), waits while the channel lives for the Farcaster
 * app's approval (the server checks the signature and the fid's custody on the IdRegistry), and
 * connects the embedded wallet. A host starts it with `latch.connectFarcaster()`.
 */
export const farcasterFlow = defineFlow({
  id: 'connectingFarcaster',
  views: ['ConnectingFarcaster'],
  load: () => import('./farcaster.runtime.js').then((m) => m.farcasterRuntime),
  host: (context: HostContext<object, FarcasterRefs>) => ({
    /**
     * The Farcaster sign-in's machine: the ConnectingFarcaster view's run. Read it with
     * `selectFarcasterLogin` (the step, the sign-in link for the QR code, the failure).
     * `undefined` while no sign-in runs.
     */
    get farcasterLogin() {
      return context.runRefs().farcasterLogin
    },
    /**
     * Issue 12 page helper: Sign in with Farcaster. Shows ConnectingFarcaster (the modal opens),
     * whose run asks the secure frame for a sign-in link, waits for the Farcaster app's approval
     * and connects the embedded wallet. Resolves once connected (at once when the embedded
     * wallet already is); rejects with the sign-in's failure (SESSION_EXPIRED when the channel
     * expired, the frame's SPEC §8 text, SOCIAL_LOGIN_FAILED), USER_REJECTED when the modal
     * closes first, or FEATURE_NOT_AVAILABLE when this instance does not offer Farcaster
     * (`'farcaster'` in `features.socials`, a `serverUrl` and a project id).
     */
    async connectFarcaster(): Promise<ConnectHelperResult> {
      const current = currentConnection(context.children, AUTH_CONNECTOR_ID)
      if (current) return current
      const { socials } = context.features()
      if (!context.io.auth.available || socials === false || !socials.includes('farcaster')) {
        const feature = 'features.socials.farcaster'
        throw new LatchError('FEATURE_NOT_AVAILABLE', { values: { feature } })
      }
      await context.ready()
      const { farcasterConnected } = await import('./farcaster.runtime.js')
      // Already on show, its sign-in goes on (the run ignores the request); else a run starts.
      context.startFlow('connectingFarcaster')
      return farcasterConnected(context.children, context.runRefs().farcasterLogin)
    },
  }),
  messages: ['view.ConnectingFarcaster.'],
})
