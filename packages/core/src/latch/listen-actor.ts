import { fromCallback } from 'xstate'
import type { ChainNamespace } from '../identifiers/types.js'
import type { LatchChildren, LatchIo } from './root-events.js'
import type { Runtime } from './runtime.js'

/** What the root tells its running listeners. */
export type ListenEvent =
  /** A send went through: read the account's balances again. */
  | { type: 'REFRESH_BALANCE' }
  /** The host removed this namespace's adapter: stop its discovery and wallet events. */
  | { type: 'ADAPTER_REMOVED'; namespace: ChainNamespace }

/**
 * The root's listeners (listeners.ts, in the runtime chunk) as one invoked actor: they run while
 * the instance does, report to the root, and stop with it.
 */
export const listenActor = fromCallback<
  ListenEvent,
  { runtime: Runtime; children: LatchChildren; io: LatchIo }
>(({ input: { runtime, children, io }, sendBack, receive }) => {
  const balance = runtime.watchBalance(children, io.registry, sendBack)
  const adapters = runtime.watchAdapters(io.registry, sendBack)
  receive((event) =>
    event.type === 'REFRESH_BALANCE' ? balance.refresh() : adapters.stopAdapter(event.namespace),
  )
  const stops = [
    runtime.watchChildren(children, sendBack),
    balance.stop,
    adapters.stop,
    runtime.watchWalletConnect(io.walletConnect, sendBack),
  ]
  return () => stops.reverse().forEach((stop) => stop())
})
