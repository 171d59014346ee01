import type { ActorRefFrom } from 'xstate'
import type { accountDataMachine } from '../machines/account-data.machine.js'
import type { connectionMachine } from '../machines/connection.machine.js'
import type { modalMachine } from '../machines/modal.machine.js'
import type { networkMachine } from '../machines/network.machine.js'
import type { toastMachine } from '../machines/toast.machine.js'
import type { walletConnectMachine } from '../walletconnect/walletconnect.machine.js'

/**
 * The root's cross-cutting children, typed: what every flow may reach. They are pure and never
 * address each other or a flow; the root's chart and the flows tell them what follows.
 */
export interface LatchChildren {
  connection: ActorRefFrom<typeof connectionMachine>
  network: ActorRefFrom<typeof networkMachine>
  /** The router: which view shows, its history, open or closed. */
  modal: ActorRefFrom<typeof modalMachine>
  toast: ActorRefFrom<typeof toastMachine>
  /** The pairing's proposal: its URI, its lifetime and the wallet's answer. */
  walletConnect: ActorRefFrom<typeof walletConnectMachine>
  /** The Account view's NFTs and Activity tabs (started by the Account flow). */
  accountData: ActorRefFrom<typeof accountDataMachine>
}
