import { LatchError } from '../errors/latch-error.js'
import {
  selectCurrentConnection,
  selectStatus,
  toConnectHelperResult,
  type ConnectHelperResult,
} from '../machines/connection.selectors.js'
import type { LatchChildren } from './children.js'

/*
 * What the page helpers need before the instance runs: whether it is connected already, and
 * when it runs. The promises that follow flows are in host-promises.ts, part of the runtime
 * chunk (a flow can only run once the instance does).
 */

/** The current connection as the connect helper reports it, when connected. */
export function currentConnection(
  children: Pick<LatchChildren, 'connection'>,
  connectorId?: string,
): ConnectHelperResult | undefined {
  const snapshot = children.connection.getSnapshot()
  const current = selectCurrentConnection(snapshot)
  if (selectStatus(snapshot) !== 'connected' || !current) return undefined
  // A host naming another wallet wants that one connected (another namespace's, say).
  if (connectorId && current.connectorId !== connectorId) return undefined
  return toConnectHelperResult(current)
}

/**
 * Resolves once the instance runs (its I/O chunk loaded, storage read, wallets being watched);
 * rejects when that chunk cannot be loaded (start() may then be called again) or the instance
 * is destroyed.
 */
export function started(actor: {
  getSnapshot(): { matches(state: 'running' | 'starting' | 'idle'): boolean }
  subscribe(observer: { next(): void; complete(): void }): { unsubscribe(): void }
}): Promise<void> {
  return new Promise((resolve, reject) => {
    let loading = actor.getSnapshot().matches('starting')
    const check = () => {
      const snapshot = actor.getSnapshot()
      if (snapshot.matches('running')) return (resolve(), true)
      if (snapshot.matches('starting')) loading = true
      else if (loading) return (reject(new LatchError('REQUEST_ABORTED')), true)
      return false
    }
    if (check()) return
    const subscription = actor.subscribe({
      next: () => {
        if (check()) subscription.unsubscribe()
      },
      complete: () => reject(new LatchError('REQUEST_ABORTED')),
    })
  })
}
