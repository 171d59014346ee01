import { LatchError } from '../errors/latch-error.js'
import {
  selectStatus,
  toConnectHelperResult,
  type ConnectHelperResult,
} from '../machines/connection.selectors.js'
import { selectActiveCaipNetworkId } from '../machines/network-rules.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'
import type { LatchChildren } from './children.js'

/*
 * The promises the page helpers return. Each one settles from every state the machines can be
 * in: it watches for the outcome, for the modal closing (which ends every flow), and for the
 * instance being destroyed (REQUEST_ABORTED).
 */

/** Calls `onStop` when `ref` stops (the instance was destroyed). */
function whenStopped(
  ref: { subscribe(observer: { complete(): void }): { unsubscribe(): void } },
  onStop: () => void,
) {
  return ref.subscribe({ complete: onStop })
}

/** What else a connect promise watches (the social login's, issue 12). */
export interface ConnectionWatch {
  /** Only this connector's connection resolves it. */
  connectorId?: string
  /** Another way the attempt fails: `fail` rejects with the error (no data is cleared). */
  failures?: (fail: (error: LatchError) => void) => { unsubscribe(): void }
}

/**
 * Resolves on the next connection (of `watch.connectorId` only, when given); rejects on a failed
 * connect (after `onFailure`), on one of `watch.failures`, or USER_REJECTED on close.
 */
export function nextConnection(
  children: Pick<LatchChildren, 'connection' | 'modal'>,
  onFailure: (error: LatchError) => Promise<void>,
  watch: ConnectionWatch = {},
): Promise<ConnectHelperResult> {
  const { connection, modal } = children
  return new Promise((resolve, reject) => {
    const subscriptions = [
      connection.on('connected', (event) => {
        if (watch.connectorId && event.connection.connectorId !== watch.connectorId) return
        settle()
        resolve(toConnectHelperResult(event.connection))
      }),
      connection.on('connectFailed', (event) => {
        settle()
        void onFailure(event.error).finally(() => reject(event.error))
      }),
      ...(watch.failures
        ? [
            watch.failures((error) => {
              settle()
              reject(error)
            }),
          ]
        : []),
      modal.on('closed', () => {
        settle()
        reject(new LatchError('USER_REJECTED'))
      }),
      whenStopped(connection, () => {
        settle()
        reject(new LatchError('REQUEST_ABORTED'))
      }),
    ]
    const settle = () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  })
}

/**
 * Resolves once the connection machine is disconnected (within SPEC §9's 3 s disconnect wait);
 * with `namespace`, once that namespace holds no connection.
 */
export function disconnected(
  children: Pick<LatchChildren, 'connection'>,
  namespace?: ChainNamespace,
): Promise<void> {
  const { connection } = children
  return new Promise((resolve) => {
    const check = () => {
      const snapshot = connection.getSnapshot()
      const left = snapshot.context.connections.filter(
        (c) => !namespace || c.namespace === namespace,
      )
      // Every namespace's connection gone, not only the active one's account.
      if (left.length > 0 || (!namespace && selectStatus(snapshot) !== 'disconnected')) return false
      resolve()
      return true
    }
    if (check()) return
    const subscription = connection.subscribe({
      next: () => {
        if (check()) subscription.unsubscribe()
      },
      // A destroyed instance holds no connection.
      complete: () => resolve(),
    })
  })
}

/**
 * Resolves once `network` is active; rejects with the switch's error, or USER_REJECTED when the
 * modal closes first (the user left the confirmation). Subscribes before the request is sent.
 */
export function networkSwitched(
  children: Pick<LatchChildren, 'network' | 'modal'>,
  network: Network,
): Promise<void> {
  const { network: machine, modal } = children
  const isActive = () =>
    selectActiveCaipNetworkId(machine.getSnapshot(), network.chainNamespace) ===
    network.caipNetworkId
  return new Promise((resolve, reject) => {
    const subscriptions = [
      machine.on('networkChanged', () => {
        if (!isActive()) return
        settle()
        resolve()
      }),
      machine.on('switchFailed', ({ error }) => {
        settle()
        reject(error)
      }),
      modal.on('closed', () => {
        settle()
        if (isActive()) resolve()
        else reject(new LatchError('USER_REJECTED'))
      }),
      whenStopped(machine, () => {
        settle()
        reject(new LatchError('REQUEST_ABORTED'))
      }),
    ]
    const settle = () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  })
}
