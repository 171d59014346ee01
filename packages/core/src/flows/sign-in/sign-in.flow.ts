import type { SIWXSession } from '../../options/sign-in.js'
import { defineFlow, type HostContext } from '../flow.js'
import type { SignInState } from './sign-in.selectors.js'
import type { SignInRefs, SignInServices } from './sign-in.runtime.js'

/** What the sign-in host methods read of the instance. */
export type SignInContext = HostContext<Partial<SignInServices>, SignInRefs>

/** The host methods' code, in the runtime chunk (sign-in-host.ts). */
const host = () => import('./sign-in.runtime.js')

/**
 * Sign in with the wallet (issue 30; SPEC §4 "Sign-in flow"): after a connect, an account with
 * no session is shown SIWXSignMessage, whose run asks the backend for a message, the wallet for
 * its signature and the backend to verify and keep it. The keeper (sign-in.service.ts) knows the
 * connected account's session for the router and the host; a reload that finds it asks nothing.
 */
export const signInFlow = defineFlow({
  id: 'signingIn',
  views: ['SIWXSignMessage'],
  load: () => import('./sign-in.runtime.js').then((m) => m.signInRuntime),
  host: (context: SignInContext) => ({
    /**
     * The SIWXSignMessage view's run: send it `SIGN` and `CANCEL`; read it with `selectSignIn`.
     * `undefined` while no sign-in is on show.
     */
    get signingIn() {
      return context.runRefs().signingIn
    },
    /**
     * The connected account's session (SPEC §3 "Sign-in session"), once the backend was asked;
     * `undefined` when it has none. Rejects SIWX_NOT_ENABLED ('SIWX is not enabled') without
     * `siwx` or `siweConfig`.
     */
    async getSession(): Promise<SIWXSession | undefined> {
      return (await host()).getSession(context)
    },
    /**
     * Signs the connected account in: SIWXSignMessage shows (the modal opens) and the wallet is
     * asked at once. Resolves with the session (at once when one exists); rejects USER_REJECTED
     * when the modal closes first, NO_ACTIVE_CAIP_ADDRESS with no account, SIWX_NOT_ENABLED.
     */
    async signIn(): Promise<SIWXSession> {
      return (await host()).signIn(context)
    },
    /**
     * Ends the connected account's session (the backend revokes it). Where sign-in is required,
     * the wallet is disconnected too (SPEC §2: no connection without a session there).
     */
    async signOut(): Promise<void> {
      return (await host()).signOut(context)
    },
    /**
     * Calls `listener` with the account's sign-in state (`status`, `account`, `session`) on
     * every change; returns the unsubscribe. Nothing is called before the instance runs.
     */
    subscribeSignIn(listener: (state: SignInState) => void): () => void {
      let stop: (() => void) | undefined
      let ended = false
      void host().then(
        async (m) => {
          const unsubscribe = await m.subscribeSignIn(context, listener)
          if (ended) unsubscribe()
          else stop = unsubscribe
        },
        () => undefined,
      )
      return () => {
        ended = true
        stop?.()
      }
    },
  }),
  messages: ['view.SIWXSignMessage.'],
})
