import { fromPromise, sendTo, type ActorRefFrom } from 'xstate'
import { authConnectEvent } from '../../auth/auth-connect.js'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import type { ConnectHelperResult } from '../../machines/connection.selectors.js'
import { route } from '../../router/routes.js'
import { abandonAuthConnect, awaitConnection, showLoginView } from '../embedded-login.js'
import type { FlowRuntime } from '../flow.js'
import { nextConnection } from '../host-promises.js'
import type { FlowPort } from '../port.js'
import { farcasterLoginError } from './farcaster-failure.js'
import { farcasterFrameCalls } from './farcaster-frame-calls.js'
import { farcasterLoginMachine } from './farcaster-login.machine.js'
import type { FarcasterLoginActor } from './farcaster-login.selectors.js'

/** Sign in with Farcaster (issue 12) through the instance's secure frame. */
export function farcasterLoginLogic(port: FlowPort) {
  const calls = async () => farcasterFrameCalls((await port.io.auth.runtime()).link)
  return farcasterLoginMachine.provide({
    actors: {
      requestUri: fromPromise(async ({ signal }) => (await calls()).uri(signal)),
      connectFarcaster: fromPromise(async ({ signal }) => (await calls()).connect(signal)),
      awaitConnection: awaitConnection(port.connection),
    },
    actions: {
      showView: sendTo(port.modal, () => showLoginView(port.modal, route('ConnectingFarcaster'))),
      // SPEC §4: the frame holds a session: the AUTH connector connects, as after an email login.
      connectWallet: sendTo(port.connection, () => authConnectEvent(port.network.getSnapshot())),
      abandonConnect: sendTo(port.connection, () => abandonAuthConnect(port.connection)),
    },
  })
}

/** A Farcaster sign-in's run, while ConnectingFarcaster is on show. */
export type FarcasterRefs = {
  readonly farcasterLogin?: ActorRefFrom<typeof farcasterLoginMachine>
}

/** The Farcaster flow's runtime part: a run per sign-in (a channel, its QR code). */
export const farcasterRuntime: FlowRuntime<FarcasterRefs, Record<never, never>> = ({ port }) => {
  const logic = farcasterLoginLogic(port)
  return {
    services: {},
    start: ({ spawn }) => ({
      farcasterLogin: spawn(logic, {
        systemId: 'farcasterLogin',
        input: { storage: port.storage, autoStart: true },
      }),
    }),
  }
}

/**
 * `latch.connectFarcaster`'s promise: resolves once the AUTH connector connects; rejects with the
 * sign-in's failure (SESSION_EXPIRED for an expired channel, the frame's SPEC §8 text,
 * SOCIAL_LOGIN_FAILED) or the connect's, USER_REJECTED when the modal closes first,
 * REQUEST_ABORTED when the instance is destroyed. `login` is the run the host started.
 */
export function farcasterConnected(
  port: Pick<FlowPort, 'connection' | 'modal'>,
  login: FarcasterLoginActor | undefined,
): Promise<ConnectHelperResult> {
  return nextConnection(port, async () => undefined, {
    connectorId: AUTH_CONNECTOR_ID,
    failures: (fail) => {
      const failed = login?.on('failed', ({ failure }) => fail(farcasterLoginError(failure)))
      return { unsubscribe: () => failed?.unsubscribe() }
    },
  })
}
