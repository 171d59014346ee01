import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'

/** The connector id of the WalletConnect connection, in every namespace it serves. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/**
 * An EIP-1193-style provider for one namespace of a WalletConnect session. Adapters receive it
 * through {@link import('../adapter/contract.js').ChainAdapter.setRemoteProvider} and use it as
 * they use an injected wallet: requests go to the paired wallet (or, for reads, to the network's
 * own RPC), and `accountsChanged` / `chainChanged` / `disconnect` are reported as events.
 */
export interface RemoteProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: never[]) => void): unknown
  removeListener(event: string, listener: (...args: never[]) => void): unknown
}

/** CAIP-25: what Latch asks the wallet for in one namespace. */
export interface ProposalNamespace {
  chains: CaipNetworkId[]
  methods: string[]
  events: string[]
  /** Chain reference → RPC URL, so reads never go to a default public RPC. */
  rpcMap: Record<string, string>
}

/** What the WalletConnect client is created with: one per Latch instance. */
export interface WalletConnectConfig {
  projectId: string
  /** The relay's WebSocket URL; the provider's own default when absent. */
  relayUrl?: string
  /**
   * The verify service's origin (`/v3/attestation`, `/v3/public-key`). Self-hosted and offline
   * setups point it at their own service, so pairing never waits on an unreachable default.
   */
  verifyUrl?: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** CAIP-25 optional namespaces, built from the configured networks. */
  optionalNamespaces: Record<string, ProposalNamespace>
  /** Prefix of every key the client stores, so two Latch instances keep apart. */
  storagePrefix: string
}

/** The wallet a session is with, as it describes itself: untrusted text and image URLs. */
export interface WalletConnectPeer {
  name: string
  icons: readonly string[]
  url: string
  /** Where to reopen the wallet on a phone when a request needs it (SPEC: deep link reopened). */
  redirect?: { native?: string; universal?: string }
}

/** An approved session, reduced to what core needs. */
export interface WalletConnectSession {
  topic: string
  /** The accounts per namespace, as CAIP-10 ids (`eip155:1:0xab…`). */
  accounts: Partial<Record<ChainNamespace, readonly string[]>>
  peer: WalletConnectPeer
  /** Seconds since the epoch. */
  expiry: number
}

/** A pairing in progress: `uri` is what the QR code and the deep links carry. */
export interface PairingRequest {
  onUri(uri: string): void
  /** Fires when the user leaves the view or a fresh URI replaces this one. */
  signal: AbortSignal
}

/**
 * The WalletConnect client core drives, implemented by @latch/walletconnect on
 * @walletconnect/universal-provider. Core never imports it: it is loaded on demand through a
 * {@link WalletConnectLoader}, so a host that never pairs downloads none of it.
 */
export interface WalletConnectClient {
  /** Proposes a session, reports its URI, and resolves once the wallet approves it. */
  pair(request: PairingRequest): Promise<WalletConnectSession>
  /** The session persisted by an earlier page, if it is still alive; no prompt. */
  restore(): Promise<WalletConnectSession | null>
  /** The provider of one namespace of the current session. */
  providerFor(namespace: ChainNamespace): RemoteProvider
  /** Ends the session on both sides. Resolves even when the relay is unreachable. */
  disconnect(): Promise<void>
  /** Called when the wallet ends the session (or it expires). */
  onSessionDeleted(listener: () => void): () => void
  /** Opens the wallet on a phone (its deep link), for a request that waits on it. */
  openWallet?(): void
  /**
   * Lets go of the relay connection and the storage prefix, keeping the session for the next
   * page (unlike `disconnect`). Called when the Latch instance is destroyed.
   */
  close?(): Promise<void>
}

/**
 * Loads the WalletConnect client (a dynamic `import()`): the host's `walletConnect` option's
 * `load` (from @latch/walletconnect's `walletConnect()`), with the instance's context bound.
 */
export type WalletConnectLoader = (config: WalletConnectConfig) => Promise<WalletConnectClient>
