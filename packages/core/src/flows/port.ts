import type { ActorRefFrom } from 'xstate'
import type { AdapterRegistry } from '../adapter/registry.js'
import type { balanceMachine } from '../balances/balance.machine.js'
import type { identityMachine } from '../machines/identity.machine.js'
import type { PopupMessages, SocialPopupOpener } from './social/social-popup.js'
import type { MiniAppPage } from '../platform/mini-app-page.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import type { WalletDirectoryInput } from '../wallets/wallet-directory.machine.js'
import type { WalletConnectLink } from '../walletconnect/link.js'
import type { LatchAuth } from '../auth/latch-auth.js'
import type { AccountServices } from '../latch/account-services.js'
import type { LatchChildren } from './children.js'
import type { SignInIo } from './sign-in/sign-in-backend.js'

/** What the instance reaches outside its machines. Nothing here is touched before START. */
export interface LatchIo {
  registry: AdapterRegistry
  walletConnect: WalletConnectLink
  /** Reconnect remembered wallets when the instance starts. */
  reconnect: boolean
  /** Asked once, at START (a user-agent read). */
  isMobile: () => boolean
  /** The account's reads from the instance's Latch server; absent without a server. */
  account?: AccountServices
  /** SPEC §9 pending polling (the host's `pollPendingTransactions`): off (undefined) by default. */
  pendingPollingIntervalMs?: number
  /** The embedded wallet: its secure frame, loaded on first use (auth/latch-auth.ts). */
  auth: LatchAuth
  /**
   * The social login's popup: where its loading page is (the Latch server's), the project whose
   * flows it binds, how a window opens, and how the host page hears the popup (default: the
   * window's `message` events), and the page a mini app's login leaves and comes back to
   * (issue 29). Absent without a Latch server and a project id.
   */
  socialPopup?: {
    serverUrl: string
    projectId: string
    open: SocialPopupOpener
    listen?: PopupMessages
    page: MiniAppPage
  }
  /** Sign in with the wallet (issue 30): the host's options; absent when sign-in is off. */
  signIn?: SignInIo
  /** The wallet lists' directory and the host's wallet ids (include, exclude, featured). */
  walletDirectory: WalletDirectoryInput
}

/** The current account's balance reader, spawned by the root once the instance runs. */
export type BalanceActor = ActorRefFrom<typeof balanceMachine>
/** The current account's name and avatar reader, spawned with the balance reader. */
export type IdentityActor = ActorRefFrom<typeof identityMachine>

/**
 * What a flow reaches, handed to it by the root while the instance runs: the cross-cutting
 * children (typed refs, so what the flow sends them is checked against their own events), the
 * readers of the current account, the instance's I/O and its storage. A flow never imports the
 * root: this port is all it knows of the instance.
 */
export interface FlowPort extends LatchChildren {
  readonly balance: BalanceActor
  readonly identity: IdentityActor
  readonly io: LatchIo
  readonly storage: LatchStorage
}
