import { LatchError } from '../../errors/latch-error.js'
import { isSignInRequired, type SIWXSession } from '../../options/sign-in.js'
import { defineFlow, type HostContext } from '../flow.js'
import type { SignInState } from './sign-in.selectors.js'
import type { SignInRefs, SignInServices } from './sign-in.runtime.js'

type SignInContext = HostContext<Partial<SignInServices>, SignInRefs>

/** The keeper, once the instance runs; SIWX_NOT_ENABLED without sign-in options. */
async function keeper(context: SignInContext) {
  if (!context.io.signIn) throw new LatchError('SIWX_NOT_ENABLED')
  await context.ready()
  const service = context.services().signInService
  if (!service) throw new LatchError('SIWX_NOT_ENABLED')
  return { service, host: await import('./sign-in.runtime.js') }
}

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
      const { service, host } = await keeper(context)
      return (await host.settled(service)).session
    },
    /**
     * Signs the connected account in: SIWXSignMessage shows (the modal opens) and the wallet is
     * asked at once. Resolves with the session (at once when one exists); rejects USER_REJECTED
     * when the modal closes first, NO_ACTIVE_CAIP_ADDRESS with no account, SIWX_NOT_ENABLED.
     */
    async signIn(): Promise<SIWXSession> {
      const { service, host } = await keeper(context)
      const state = await host.settled(service)
      if (!state.account) throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
      if (state.session) return state.session
      const session = host.sessionFor(service, context.children, state.account)
      context.startFlow('signingIn', { sign: true })
      return session
    },
    /**
     * Ends the connected account's session (the backend revokes it). Where sign-in is required,
     * the wallet is disconnected too (SPEC §2: no connection without a session there).
     */
    async signOut(): Promise<void> {
      const { service, host } = await keeper(context)
      service.send({ type: 'SIGN_OUT' })
      await host.signedOut(service)
      if (isSignInRequired(context.options))
        context.children.connection.send({ type: 'DISCONNECT' })
    },
    /**
     * Calls `listener` with the account's sign-in state (`status`, `account`, `session`) on
     * every change; returns the unsubscribe. Nothing is called before the instance runs.
     */
    subscribeSignIn(listener: (state: SignInState) => void): () => void {
      let stop: (() => void) | undefined
      let ended = false
      void keeper(context).then(
        ({ service }) => {
          if (ended) return
          void import('./sign-in.selectors.js').then(({ selectSignInState }) => {
            if (ended) return
            listener(selectSignInState(service.getSnapshot()))
            const subscription = service.subscribe((snapshot) =>
              listener(selectSignInState(snapshot)),
            )
            stop = () => subscription.unsubscribe()
          })
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
