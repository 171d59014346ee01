import type { Address, Hex } from 'viem'
import type { ApprovalMode, ApprovalQueueState, ApprovalRequest } from './kit/approval-queue.js'

/** How the wallet answers requests that need the user's consent. */
export type { ApprovalMode }

/** The chain's native currency, as in EIP-3085. */
export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** One chain the wallet knows. */
export interface DevWalletChain {
  chainId: number
  name: string
  rpcUrl: string
  /** Defaults to Ether (ETH, 18 decimals). */
  nativeCurrency?: NativeCurrency
  blockExplorerUrl?: string
}

/**
 * Where the wallet remembers that the site is connected (and on which chain), so that a page
 * reload can reconnect silently through eth_accounts, as with a real wallet. A `Storage` fits.
 */
export interface SessionStorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Configuration of {@link createDevWallet}. */
export interface DevWalletConfig {
  /** Known chains; the first one is current at start. */
  chains: DevWalletChain[]
  /** The accounts' private keys; the first one is selected at start. */
  privateKeys: Hex[]
  /** ERC-20 token addresses reported by wallet_getAssets, per chain id. */
  assets?: Record<number, Address[]>
  approval: ApprovalMode
  /** Remembers the connection across reloads; in memory only when absent. */
  storage?: SessionStorageLike
}

/** A request waiting for the user's answer in manual mode. */
export type PendingRequest = ApprovalRequest

/** What {@link DevWallet.subscribe} listeners receive. */
export type ApprovalState = ApprovalQueueState

/** EIP-1193 request arguments. */
export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

/**
 * The EIP-1193 events this wallet emits: `connect` ({ chainId }) and `accountsChanged` when the
 * site connects; `accountsChanged` on account changes while connected and ([]) when the site is
 * disconnected or revokes; `chainChanged` (hex id) on a switch; `disconnect` (a 4900 error) when
 * the wallet's user disconnects the site.
 */
export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ProviderListener = (...args: any[]) => void

/** An EIP-1193 provider. */
export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>
  on(event: ProviderEvent | string, listener: ProviderListener): Eip1193Provider
  removeListener(event: ProviderEvent | string, listener: ProviderListener): Eip1193Provider
  /** Lets pages and tests tell this wallet apart from others. */
  readonly isLatchDevWallet: true
}

/** The wallet: its provider plus the controls a test or the approval panel drives. */
export interface DevWallet {
  readonly provider: Eip1193Provider
  setApproval(mode: ApprovalMode): void
  approvalMode(): ApprovalMode
  pending(): readonly PendingRequest[]
  /** Approves a pending request; false when no request has this id. */
  approve(id: string): boolean
  /** Rejects a pending request with 4001; false when no request has this id. */
  reject(id: string): boolean
  /** Calls the listener on every change of the pending list or the mode; returns unsubscribe. */
  subscribe(listener: (state: ApprovalState) => void): () => void
  /** Replaces the accounts and selects the first; emits accountsChanged when connected. */
  setAccounts(privateKeys: Hex[]): void
  /** Selects another account; emits accountsChanged when connected. */
  selectAccount(index: number): void
  /** All addresses, the selected one first. */
  addresses(): Address[]
  isConnected(): boolean
  chainId(): number
  /** Forgets the site's connection; emits accountsChanged [] and disconnect when connected. */
  disconnectSite(): void
}
