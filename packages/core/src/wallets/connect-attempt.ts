import type { LatchError } from '../errors/latch-error.js'
import type { ConnectionSnapshot } from '../machines/connection.selectors.js'

/**
 * Where a connect to one wallet stands, as the waiting view (ConnectingExternal) shows it:
 * - `connecting`: the wallet was asked and has not answered;
 * - `rejected`: the user declined in the wallet (USER_REJECTED: code 4001 and its kin, SPEC §8);
 * - `failed`: any other error, in `error`;
 * - `connected`: the wallet is connected;
 * - `idle`: nothing is under way for this wallet (e.g. the view was opened with only its id),
 *   so the view starts a connect.
 */
export type ConnectAttemptStatus = 'idle' | 'connecting' | 'rejected' | 'failed' | 'connected'

export interface ConnectAttempt {
  status: ConnectAttemptStatus
  /** The error of a `rejected` or `failed` attempt, with its catalogue code. */
  error?: LatchError
}

/**
 * The connect attempt for `connectorId`, read from the connection machine. Its `error` is the
 * last failed connect's, cleared when the next connect starts or succeeds, so it always belongs
 * to the most recent attempt (the machine does not record which wallet that attempt was for).
 */
export function selectConnectAttempt(
  snapshot: ConnectionSnapshot,
  connectorId: string,
): ConnectAttempt {
  const { pending, error, connections } = snapshot.context
  if (snapshot.matches('connecting') && pending?.connector.id === connectorId) {
    return { status: 'connecting' }
  }
  if (error) return { status: error.code === 'USER_REJECTED' ? 'rejected' : 'failed', error }
  if (connections.some((connection) => connection.connectorId === connectorId)) {
    return { status: 'connected' }
  }
  return { status: 'idle' }
}
