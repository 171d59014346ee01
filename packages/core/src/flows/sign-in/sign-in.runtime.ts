import type { ActorRefFrom } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { selectCurrentConnection } from '../../machines/connection.selectors.js'
import type { FlowRuntime } from '../flow.js'
import { signInBackend } from './sign-in-backend.js'
import { signInAccountOf } from './sign-in-rules.js'
import { asksToSign, signInRunMachine } from './sign-in.machine.js'
import { signInServiceMachine, type SignInServiceActor } from './sign-in.service.js'

/** The SIWXSignMessage view's run, while it is on show. */
export type SignInRefs = { readonly signingIn?: ActorRefFrom<typeof signInRunMachine> }

/** The sign-in keeper, for the instance's life; absent when sign-in is off. */
export type SignInServices = { readonly signInService?: SignInServiceActor }

/**
 * The sign-in flow's runtime part (issue 30): the keeper (sign-in-backend.ts picks the host's
 * backend or the Latch server's), and a run per SIWXSignMessage on show.
 */
export const signInRuntime: FlowRuntime<SignInRefs, SignInServices> = ({ spawn, port }) => {
  const backend = port.io.signIn ? signInBackend(port.io.signIn, port.storage) : undefined
  if (!backend) return { services: {}, start: () => ({}) }
  const signInService = spawn(signInServiceMachine, {
    systemId: 'signInService',
    input: { port, backend },
  })
  return {
    services: { signInService },
    start(run) {
      const input = {
        port,
        backend,
        service: signInService,
        account: signInAccountOf(port.connection.getSnapshot()),
        // The host's `signIn()`, or the embedded wallet (its login was the visitor's consent):
        // the wallet is asked at once.
        signNow:
          asksToSign(run.request) ||
          selectCurrentConnection(port.connection.getSnapshot())?.connectorId === AUTH_CONNECTOR_ID,
        showView: run.route?.view !== 'SIWXSignMessage',
      }
      return { signingIn: run.spawn(signInRunMachine, { systemId: 'signingIn', input }) }
    },
  }
}

/** The host methods' waits (sign-in-host.ts), loaded with the rest of the runtime chunk. */
export { getSession, signIn, signOut, subscribeSignIn } from './sign-in-host.js'
