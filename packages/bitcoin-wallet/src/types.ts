import type {
  ApprovalMode,
  ApprovalQueueState,
  ApprovalRequest,
  LoggedRequest,
} from '@latch/dev-wallet/kit'
import type { Wallet } from '@wallet-standard/base'
import type { BitcoinNetworkName } from './networks.js'
import type { BtcProviderInfo, SatsConnectProvider } from './sats-connect-types.js'

/**
 * How the wallet answers requests that need the user's consent: `auto-approve` and `auto-reject`
 * are the scripted answers tests use; `manual` queues each request until `approve(id)` /
 * `reject(id)`. The same names as the other dev wallets', whose queue this wallet shares.
 */
export type ApprovalPolicy = ApprovalMode

/** One key: its private key, and optionally the regtest address it must give (checked). */
export interface BitcoinDevWalletKeyInput {
  /** 32 bytes, hex. For the ordinals key, the untweaked Taproot internal key (BIP-86 tweaks it). */
  readonly privateKey: string
  /** `bcrt1q…` (payment) or `bcrt1p…` (ordinals): refused when the key does not give it. */
  readonly address?: string
}

/**
 * One account: a P2WPKH payment key and a Taproot (BIP-86 key-path) ordinals key.
 * `bitcoinDevnetAccounts()` of `@latch/bitcoin-devnet/browser` has this shape.
 */
export interface BitcoinDevWalletAccount {
  readonly payment: BitcoinDevWalletKeyInput
  readonly ordinals: BitcoinDevWalletKeyInput
}

/**
 * Where the wallet remembers that the site is authorized (and the account and network chosen),
 * so a reload reconnects without asking, as with a real wallet. A `Storage` fits.
 */
export interface SessionStorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Configuration of `createBitcoinDevWallet`. */
export interface BitcoinDevWalletConfig {
  /**
   * The regtest Esplora API's base URL (`devnet.esploraUrl`, `http://127.0.0.1:PORT/api`): where
   * the wallet reads UTXOs and fee estimates and broadcasts (`POST /tx`). Regtest only.
   */
  esploraUrl: string
  /** The key set; the devnet's funded accounts (`bitcoinDevnetAccounts()`) by default. */
  accounts?: readonly BitcoinDevWalletAccount[]
  approval: ApprovalPolicy
  /** Remembers the authorization across reloads; in memory only when absent. */
  storage?: SessionStorageLike
  /** The network at start, `Regtest` by default (a network remembered in `storage` wins). */
  network?: BitcoinNetworkName
  /** sendTransfer's fee: the `GET /fee-estimates` rate for this many blocks (default 6). */
  feeTarget?: number
  /**
   * Which faces `registerBitcoinDevWallet` shows the page: both by default, as Xverse or Leather
   * do (same name on each, so an app that merges them shows one wallet). One face alone lets an
   * app's handling of that face be tried on its own.
   */
  faces?: readonly BitcoinDevWalletFace[]
}

/** The two ways a Bitcoin wallet shows itself: the Wallet Standard, and sats-connect's `btc_providers`. */
export type BitcoinDevWalletFace = 'standard' | 'sats-connect'

/** A request waiting in `pending()` for the user's answer (`params` is always undefined here). */
export type PendingRequest = ApprovalRequest

/** A request as `requests()` logs it, with its outcome: `pending` until answered. */
export type WalletRequest = LoggedRequest

/** What `subscribe` listeners receive. */
export type ApprovalState = ApprovalQueueState

/** The addresses of the selected account on the wallet's network. */
export interface SelectedAddresses {
  readonly payment: string
  readonly ordinals: string
}

/** The wallet's own side: what its user (or a test script) does. */
export interface BitcoinDevWalletControl {
  approval(): ApprovalPolicy
  setApproval(policy: ApprovalPolicy): void
  /** Every request that asked for consent, oldest first, with its outcome. */
  requests(): readonly WalletRequest[]
  pending(): readonly PendingRequest[]
  approve(id: string): boolean
  reject(id: string): boolean
  subscribe(listener: (state: ApprovalState) => void): () => void
  /** The selected account's index in the key set. */
  selectedAccount(): number
  /** The selected account's payment and ordinals addresses on the wallet's network. */
  addresses(): SelectedAddresses
  /**
   * Selects an account by index or by one of its addresses (any network); a connected site sees
   * `change` (Wallet Standard) and `accountChange` (sats-connect).
   */
  selectAccount(account: number | string): void
  /** The wallet's network. */
  network(): BitcoinNetworkName
  /**
   * The wallet's user switches networks: the addresses become that network's, and a connected
   * site sees `change` and `networkChange`. Off regtest the wallet signs and sends nothing.
   */
  setNetwork(network: BitcoinNetworkName): void
  /** Whether the site is authorized. */
  isAuthorized(): boolean
  /** The wallet's user disconnects the site: `change` with no accounts, and `disconnect`. */
  revoke(): void
}

/** What `createBitcoinDevWallet` returns: one key set, two faces, one control. */
export interface BitcoinDevWallet {
  /** The Wallet-Standard face, as an app receives it from `getWallets()`. */
  readonly wallet: Wallet
  /** The sats-connect face: the provider object (`request`, `addListener`). */
  readonly provider: SatsConnectProvider
  /** The provider's WBIP-004 entry, as `registerBitcoinDevWallet` pushes it to `btc_providers`. */
  readonly providerInfo: BtcProviderInfo
  readonly control: BitcoinDevWalletControl
}
