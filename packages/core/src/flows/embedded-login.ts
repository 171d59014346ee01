import { fromCallback, type EventObject } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import type { ModalEvent } from '../machines/modal.machine.js'
import { selectModalState, selectRoute } from '../machines/modal.selectors.js'
import type { Route } from '../router/routes.js'
import type { LatchChildren } from './children.js'

/*
 * What the embedded wallet's logins that end in a connect (social, Farcaster) share: waiting
 * for the AUTH connector's connect, and abandoning it when the run ends before it does.
 */

/** How a connect ended, as the logins' machines take it. */
type ConnectOutcome =
  { type: 'CONNECTED'; connectorId: string } | { type: 'CONNECT_FAILED'; error: unknown }

/**
 * Reports how the next connect ends (the login's machine waits for the AUTH connector's);
 * `TEvent` is what the login's machine takes, which receives nothing from it.
 */
export function awaitConnection<TEvent extends EventObject>(
  connection: LatchChildren['connection'],
) {
  return fromCallback<TEvent>(({ sendBack }) => {
    const report = (outcome: ConnectOutcome) => sendBack(outcome)
    const subscriptions = [
      connection.on('connected', ({ connection: c }) =>
        report({ type: 'CONNECTED', connectorId: c.connectorId }),
      ),
      connection.on('connectFailed', ({ error }) => report({ type: 'CONNECT_FAILED', error })),
    ]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  })
}

/** The connection's event that abandons an AUTH connect still pending (none: a no-op CANCEL). */
export function abandonAuthConnect(connection: LatchChildren['connection']) {
  const pending = connection.getSnapshot().context.pending?.connector.id
  return { type: 'CANCEL' as const, connectorId: pending === AUTH_CONNECTOR_ID ? pending : '' }
}

/** Shows a login's view: replaced when one of its own is on show, else pushed (a closed modal opens). */
export function showLoginView(modal: LatchChildren['modal'], next: Route): ModalEvent {
  const snapshot = modal.getSnapshot()
  const shown = selectModalState(snapshot).open ? selectRoute(snapshot).view : undefined
  return shown === next.view ? { type: 'REPLACE', route: next } : { type: 'PUSH', route: next }
}

/** Leaves a login's view for the one it came from (Connect when it was the first). */
export function leaveLoginView(modal: LatchChildren['modal']): ModalEvent {
  return modal.getSnapshot().context.history.length > 1
    ? { type: 'GO_BACK' }
    : { type: 'RESET', route: { view: 'Connect' } }
}

/**
 * The state of a login whose frame holds a session, as social and Farcaster both have it: the
 * AUTH connector connects (`connectWallet`), the login waits for the connection's answer
 * (`awaitConnection`), and a failed connect is the login's failure (`failureOf`).
 */
export function connectingState<Failure>(failureOf: (error: unknown) => Failure) {
  return {
    entry: 'connectWallet',
    // Left for anything but the connection's answer (another click's REQUEST, RETRY, CANCEL):
    // the AUTH connect this state asked for is abandoned, so no connect outlives its view. After
    // the answer nothing is pending, and this is a no-op.
    exit: 'abandonConnect',
    invoke: { src: 'awaitConnection' },
    on: {
      CONNECTED: { guard: 'isAuthConnector', target: 'connected' },
      CONNECT_FAILED: {
        target: 'failed',
        actions: {
          type: 'failWith',
          params: ({ event }: { event: { error: unknown } }) => failureOf(event.error),
        },
      },
    },
  } as const
}
