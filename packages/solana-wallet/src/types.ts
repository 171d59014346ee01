import type {
  ApprovalMode,
  ApprovalQueueState,
  ApprovalRequest,
  LoggedRequest,
} from '@latch/dev-wallet/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

/**
 * How the wallet answers requests that need the user's consent: `auto-approve` and `auto-reject`
 * are the scripted answers tests use; `manual` queues each request until `approve(id)` /
 * `reject(id)`. The same names as @latch/dev-wallet's, whose queue this wallet shares.
 */
export type ApprovalPolicy = ApprovalMode

/** One of the wallet's keypairs, as `@latch/solana-devnet/browser` lists them. */
export interface SolanaDevWalletKeypair {
  readonly address: string
  /** 64 bytes: the 32-byte seed then the 32-byte public key (Solana's keypair file format). */
  readonly secretKey: Uint8Array
}

/**
 * Where the wallet remembers that the site is authorized, so a reload can reconnect silently, as
 * with a real wallet. A `Storage` fits.
 */
export interface SessionStorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Configuration of `createSolanaDevWallet`. */
export interface SolanaDevWalletConfig {
  /** The `solana:localnet` JSON-RPC endpoint: the only chain this wallet can send to. */
  rpcUrl: string
  /** The keypairs; the first one is selected at start. */
  accounts: readonly SolanaDevWalletKeypair[]
  approval: ApprovalPolicy
  /** Remembers the authorization across reloads; in memory only when absent. */
  storage?: SessionStorageLike
}

/** A request waiting in `pending()` for the user's answer (`params` is always undefined here). */
export type PendingRequest = ApprovalRequest

/** A request as `requests()` logs it, with its outcome: `pending` until answered. */
export type WalletRequest = LoggedRequest

/** What `subscribe` listeners receive. */
export type ApprovalState = ApprovalQueueState

/** The wallet's own side: what its user (or a test script) does. */
export interface SolanaDevWalletControl {
  approval(): ApprovalPolicy
  setApproval(policy: ApprovalPolicy): void
  /** Every request that asked for consent, oldest first, with its outcome. */
  requests(): readonly WalletRequest[]
  pending(): readonly PendingRequest[]
  approve(id: string): boolean
  reject(id: string): boolean
  subscribe(listener: (state: ApprovalState) => void): () => void
  /** The selected keypair's address. */
  selectedAddress(): string
  /** Selects a keypair by index or address; a connected site sees a `change` event. */
  selectAccount(account: number | string): void
  /** Whether the site is authorized (connected). */
  isAuthorized(): boolean
  /** The wallet's user disconnects the site: it sees a `change` event with no accounts. */
  revoke(): void
}

/** What `createSolanaDevWallet` returns. */
export interface SolanaDevWallet {
  /** The Wallet-Standard wallet object, as an app receives it. */
  readonly wallet: Wallet
  readonly control: SolanaDevWalletControl
}

export type { WalletAccount }
