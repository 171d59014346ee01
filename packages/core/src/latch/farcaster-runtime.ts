import { fromPromise } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import { farcasterLoginError } from '../farcaster/farcaster-failure.js'
import { farcasterFrameCalls } from '../farcaster/farcaster-frame-calls.js'
import { farcasterLoginMachine } from '../farcaster/farcaster-login.machine.js'
import type { FarcasterLoginActor } from '../farcaster/farcaster-login.selectors.js'
import type { ConnectHelperResult } from '../machines/connection.selectors.js'
import { nextConnection } from '../flows/host-promises.js'
import type { Report } from './listeners.js'
import type { LatchChildren, LatchIo } from './root-events.js'

/*
 * The Farcaster sign-in's part of the runtime chunk (issue 12): its machine with the instance's
 * frame calls, its listener, and the promise `latch.connectFarcaster` returns. None of it is in a
 * host's start-up JS: the root spawns the machine once this chunk is loaded (farcaster-wiring.ts),
 * and the frame's own code loads with the auth chunk, on the first sign-in.
 */

/** The sign-in machine, asking the instance's secure frame (loaded on first use). */
function farcasterLogic(io: LatchIo) {
  const calls = async () => farcasterFrameCalls((await io.auth.runtime()).link)
  return farcasterLoginMachine.provide({
    actors: {
      requestUri: fromPromise(async ({ signal }) => (await calls()).uri(signal)),
      connectFarcaster: fromPromise(async ({ signal }) => (await calls()).connect(signal)),
    },
  })
}

/** Reports what the sign-in machine emits, for the root's chart to decide on. */
function watchFarcaster(farcasterLogin: FarcasterLoginActor, report: Report): () => void {
  const subscriptions = [
    farcasterLogin.on('loggedIn', ({ username }) =>
      report({ type: 'farcaster.loggedIn', ...(username ? { username } : {}) }),
    ),
    farcasterLogin.on('connected', () => report({ type: 'farcaster.connected' })),
    farcasterLogin.on('failed', ({ failure }) => report({ type: 'farcaster.failed', failure })),
  ]
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
}

/**
 * `latch.connectFarcaster`'s promise: resolves once the AUTH connector connects; rejects with the
 * sign-in's failure (SESSION_EXPIRED for an expired channel, the frame's SPEC §8 text,
 * SOCIAL_LOGIN_FAILED) or the connect's, USER_REJECTED when the modal closes first,
 * REQUEST_ABORTED when the instance is destroyed. Subscribes before the sign-in is asked for.
 */
function farcasterConnected(
  children: Pick<LatchChildren, 'connection' | 'modal'>,
  farcasterLogin: FarcasterLoginActor,
): Promise<ConnectHelperResult> {
  return nextConnection(children, async () => undefined, {
    connectorId: AUTH_CONNECTOR_ID,
    failures: (fail) =>
      farcasterLogin.on('failed', ({ failure }) => fail(farcasterLoginError(failure))),
  })
}

export const farcasterRuntime = { farcasterLogic, watchFarcaster, farcasterConnected }

export type FarcasterRuntime = typeof farcasterRuntime
