import type { SIWXMessageData } from '../options/sign-in-data.js'
import type { TokenBalance } from '../balances/token-balance.js'
import type { Connector } from '../connector/connector.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'
import type { RemoteProvider } from '../walletconnect/contract.js'

/**
 * The chain-adapter contract: what @latch/adapter-evm, -solana and -bitcoin implement, and all
 * that core knows about a chain. An adapter owns one namespace (`eip155`, `solana`, `bip122`).
 *
 * Rules every adapter keeps:
 * - **No work at construction.** Create clients and listeners in {@link ChainAdapter.watchConnectors}
 *   or on first call, never at import or in the constructor: core may be imported on a server.
 * - **Errors.** Throw the wallet's own error (with its numeric `code`) or a `LatchError`. Core maps
 *   4001 / 'user rejected' / 'connection request reset' to USER_REJECTED and 4902, -32603, 5000
 *   from {@link ChainAdapter.switchNetwork} to "add the chain, then retry". Don't swallow them.
 * - **Accounts.** Addresses are returned in the namespace's own format (checksummed for EVM).
 *   An empty account list from the wallet means "not connected"; return it as it is.
 * - **Cancellation.** Long calls receive an `AbortSignal`; stop work and reject when it fires.
 * - **Safety.** Wallet-supplied names and icons go into {@link Connector} unchanged; core and the
 *   views treat them as untrusted text and image URLs. Keys never leave the wallet.
 */
export interface ChainAdapter {
  /** The CAIP-2 namespace this adapter serves. */
  readonly namespace: ChainNamespace

  /**
   * Starts connector discovery (EIP-6963 announcements, window.ethereum, WalletConnect…) and calls
   * `onConnectors` with the full, deduplicated list each time it changes. Discovery may last for the
   * page's whole life. Returns a function that stops it.
   */
  watchConnectors(onConnectors: (connectors: readonly Connector[]) => void): () => void

  /**
   * Asks the wallet behind `connectorId` for its accounts (a prompt), optionally on `network`.
   * Resolves with every account the wallet exposes and the chain it is on.
   */
  connect(request: ConnectRequest): Promise<ConnectResult>

  /**
   * Silent reconnect on page load: no prompt. Resolves `null` when the wallet no longer authorizes
   * this site (e.g. eth_accounts is empty); core then tries the next remembered connector.
   */
  reconnect(request: ReconnectRequest): Promise<ConnectResult | null>

  /** Ends the connection (revoking permissions where the wallet supports it). Resolves even if the wallet is gone. */
  disconnect(request: { connectorId: string }): Promise<void>

  /** The accounts the wallet currently exposes to this site, without a prompt. */
  getAccounts(request: { connectorId: string }): Promise<readonly AdapterAccount[]>

  /**
   * Asks the wallet to switch to `network`. Rejects with the wallet's error code when the wallet
   * does not know the chain (EVM: 4902), so core can call {@link ChainAdapter.addNetwork} and retry.
   */
  switchNetwork(request: NetworkRequest): Promise<void>

  /** Adds `network` to the wallet (EVM: wallet_addEthereumChain). Optional: omit if the namespace has no such call. */
  addNetwork?(request: NetworkRequest): Promise<void>

  /** The native balance of `address` on `network`, as an exact amount in base units. */
  getBalance(request: { address: string; network: Network; signal?: AbortSignal }): Promise<Balance>

  /**
   * The account's tokens on `network`, as the wallet or the chain lists them. Optional. Return
   * every token, unfiltered: core applies the SPEC's display rules (zero-decimal tokens are
   * dropped) in one place for every adapter.
   */
  getTokenBalances?(request: {
    connectorId: string
    address: string
    network: Network
    signal?: AbortSignal
  }): Promise<readonly TokenBalance[]>

  /** Signs a plain-text message with the account; resolves with the signature as the namespace encodes it. */
  signMessage(request: SignMessageRequest): Promise<string>

  /**
   * Signs in with the wallet's own sign-in, where its namespace has one (Solana's
   * `solana:signIn`, issue 30): the wallet writes the message from `data` in the namespace's
   * format, shows it as a sign-in, and signs it. Resolves with the text it signed and the
   * signature as {@link signMessage} encodes it; `undefined` when this wallet has no sign-in of
   * its own (core then signs the backend's text with {@link signMessage}). Optional.
   */
  signIn?(request: SignInRequest): Promise<{ message: string; signature: string } | undefined>

  /** Estimates gas for a transaction. Namespaces without gas resolve 0n (SPEC §5). */
  estimateGas(request: TransactionRequest): Promise<bigint>

  /** Sends a transaction and resolves with its hash (or signature) as soon as the wallet returns it. */
  sendTransaction(request: TransactionRequest): Promise<string>

  /**
   * The network fee a transaction would cost, in the native token's base units (EVM: the gas
   * estimate times the current gas price). Optional: without it core shows no fee and checks a
   * native send against the whole balance. Namespaces without gas resolve 0n (SPEC §5).
   */
  estimateFee?(request: TransactionRequest): Promise<bigint>

  /**
   * Follows a sent transaction to its end (SPEC §4 "Transaction waiting"): resolves `confirmed`,
   * `replaced` with the reason (EVM: another transaction from the same sender and nonce was mined),
   * `reverted` with the revert reason (or 'unknown reason'), or `timedOut` after
   * `request.timeoutMs`. Rejects only when the chain cannot be read, or when `signal` fires.
   * Optional: without it core does not follow the namespace's transactions.
   */
  followTransaction?(request: FollowTransactionRequest): Promise<TransactionOutcome>

  /**
   * Subscribes to wallet events for every connection this adapter holds. The adapter reports what
   * the wallet says; core decides what it means (zero accounts → disconnected, and so on).
   */
  subscribe(listener: (event: AdapterEvent) => void): () => void

  /**
   * Lends the adapter a wallet reached through a provider core owns: the WalletConnect session
   * (one universal provider per instance, shared by every adapter), seen through this namespace.
   * From then on `connectorId` works like any discovered wallet; `undefined` takes it back.
   * Optional: an adapter without it cannot serve WalletConnect sessions.
   */
  setRemoteProvider?(connectorId: string, provider: RemoteProvider | undefined): void
}

export interface ConnectRequest {
  connectorId: string
  /** The network to connect on, when the host or user chose one. */
  network?: Network
  /**
   * The namespace's active network in Latch. A wallet with a chain of its own (EVM) keeps it;
   * one without (Wallet Standard has no current chain) takes this one as the connection's chain.
   */
  preferredNetwork?: Network
  signal?: AbortSignal
}

export interface ReconnectRequest {
  connectorId: string
  /** As {@link ConnectRequest.preferredNetwork}: the namespace's active (restored) network. */
  preferredNetwork?: Network
  signal?: AbortSignal
}

export interface NetworkRequest {
  connectorId: string
  network: Network
}

export interface AdapterAccount {
  address: string
  /** SPEC §3 Frame user: EOA or smart account. Plain wallets report 'eoa'. */
  type: 'eoa' | 'smartAccount'
}

export interface ConnectResult {
  connectorId: string
  /** Every account the wallet exposes; the first is the one in use. May be empty (treated as disconnected). */
  accounts: readonly AdapterAccount[]
  /** The chain the wallet is on, as the namespace's reference (EVM: the decimal chain id as text). */
  chainReference: string
}

export interface Balance {
  /** Exact amount in base units. */
  value: bigint
  decimals: number
  symbol: string
}

/** What a wallet's own sign-in is given: the account, and SPEC §3's message data. */
export interface SignInRequest {
  connectorId: string
  address: string
  data: SIWXMessageData
}

export interface SignMessageRequest {
  connectorId: string
  address: string
  message: string
}

export interface TransactionRequest {
  connectorId: string
  network: Network
  from: string
  to: string
  /** Base units. */
  value: bigint
  /** Hex call data (EVM) or a namespace-specific payload. */
  data?: string
}

/** What a wallet reports between calls. `connectorId` names the connection it concerns. */
export type AdapterEvent =
  | { type: 'accountsChanged'; connectorId: string; accounts: readonly AdapterAccount[] }
  | { type: 'chainChanged'; connectorId: string; chainReference: string }
  | { type: 'disconnect'; connectorId: string }
  | { type: 'connectorsChanged'; connectors: readonly Connector[] }

/** What {@link ChainAdapter.followTransaction} takes. */
export interface FollowTransactionRequest {
  network: Network
  /** The hash (or signature) `sendTransaction` resolved with. */
  hash: string
  /** When to give up and resolve `timedOut` (SPEC §9: 25 000 ms in the page integration). */
  timeoutMs: number
  /** How many times a missing receipt is read again before the wait counts it as pending (SPEC §9: 6). */
  retryCount: number
  signal?: AbortSignal
}

/** SPEC §4: why a transaction was replaced (a higher fee, a cancel, or another transaction). */
export type ReplacementReason = 'repriced' | 'cancelled' | 'replaced'

/** SPEC §4 "Transaction waiting": how a followed transaction ended. */
export type TransactionOutcome =
  | { status: 'confirmed' }
  | { status: 'replaced'; reason: ReplacementReason; replacement: string }
  | { status: 'reverted'; reason: string }
  | { status: 'timedOut' }
