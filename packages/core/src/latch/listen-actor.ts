import { fromCallback } from 'xstate'
import type { ChainNamespace } from '../identifiers/types.js'
import type { BalanceActor, IdentityActor } from '../flows/port.js'
import type {
  FarcasterChildren,
  LatchChildren,
  LatchIo,
  SendChildren,
  SocialChildren,
} from './root-events.js'
import type { Runtime } from './runtime.js'

/** What the root tells its running listeners. */
export type ListenEvent =
  /** A send went through: read the account's balances again, past the caches. */
  | { type: 'REFRESH_BALANCE' }
  /** The Account view is shown: read its balances again, through the 30 s caches. */
  | { type: 'READ_BALANCE' }
  /** The host removed this namespace's adapter: stop its discovery and wallet events. */
  | { type: 'ADAPTER_REMOVED'; namespace: ChainNamespace }

/**
 * The root's listeners (listeners.ts, in the runtime chunk) as one invoked actor: they run while
 * the instance does, report to the root, and stop with it.
 */
export const listenActor = fromCallback<
  ListenEvent,
  {
    runtime: Runtime
    children: LatchChildren
    /** The current account's readers, children of the root. */
    readers: { balance: BalanceActor; identity: IdentityActor }
    io: LatchIo
    /** The send flow's machines, spawned with the runtime (send-wiring.ts). */
    send: Partial<SendChildren>
    /** The social login's machine, spawned with the runtime (social-wiring.ts). */
    social: Partial<SocialChildren>
    /** The Farcaster sign-in's machine, spawned with the runtime (farcaster-wiring.ts). */
    farcaster: Partial<FarcasterChildren>
  }
>(({ input: { runtime, children, readers, io, send, social, farcaster }, sendBack, receive }) => {
  const balance = runtime.watchBalance(children, readers.balance, sendBack)
  const adapters = runtime.watchAdapters(io.registry, sendBack)
  receive((event) => {
    if (event.type === 'ADAPTER_REMOVED') adapters.stopAdapter(event.namespace)
    else balance.refresh(event.type === 'REFRESH_BALANCE')
  })
  const stops = [
    runtime.watchChildren(children, sendBack),
    runtime.watchAccount(children, readers.identity, sendBack),
    balance.stop,
    adapters.stop,
    runtime.watchWalletConnect(io.walletConnect, sendBack),
  ]
  const { sendForm, pendingTransactions } = send
  if (sendForm && pendingTransactions)
    stops.push(runtime.send.watchSend({ ...children, sendForm, pendingTransactions }, sendBack))
  if (social.socialLogin) stops.push(runtime.social.watchSocial(social.socialLogin, sendBack))
  if (farcaster.farcasterLogin)
    stops.push(runtime.farcaster.watchFarcaster(farcaster.farcasterLogin, sendBack))
  return () => stops.reverse().forEach((stop) => stop())
})
