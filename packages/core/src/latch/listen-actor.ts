import { fromCallback } from 'xstate'
import type { BalanceActor, IdentityActor } from '../flows/port.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { LatchChildren, LatchIo } from './root-events.js'
import type { Runtime } from './runtime.js'

/** What the root tells its running listeners. */
export type ListenEvent =
  /** The host removed this namespace's adapter: stop its discovery and wallet events. */
  { type: 'ADAPTER_REMOVED'; namespace: ChainNamespace }

/**
 * The root's listeners (listeners.ts, in the runtime chunk) as one invoked actor: they run while
 * the instance does, report what the cross-cutting children, the adapters and WalletConnect do
 * to the root, feed the current account's readers, and stop with it. The flows listen to what
 * they need themselves, through their ports.
 */
export const listenActor = fromCallback<
  ListenEvent,
  {
    runtime: Runtime
    children: LatchChildren
    /** The current account's readers, children of the root. */
    readers: { balance: BalanceActor; identity: IdentityActor }
    io: LatchIo
  }
>(({ input: { runtime, children, readers, io }, sendBack, receive }) => {
  const adapters = runtime.watchAdapters(io.registry, sendBack)
  receive((event) => adapters.stopAdapter(event.namespace))
  const stops = [
    runtime.watchChildren(children, sendBack),
    runtime.watchAccount(children, readers.identity, sendBack),
    runtime.watchBalance(children, readers.balance, sendBack).stop,
    adapters.stop,
    runtime.watchWalletConnect(io.walletConnect, sendBack),
  ]
  return () => stops.reverse().forEach((stop) => stop())
})
