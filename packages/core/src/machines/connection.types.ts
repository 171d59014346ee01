import type { AdapterAccount, ConnectResult } from '../adapter/contract.js'
import type { TokenBalance } from '../balances/token-balance.js'
import type { Connector } from '../connector/connector.js'
import type { LatchError } from '../errors/latch-error.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'
import type { SocialLoginOption } from '../options/socials-option.js'

/** SPEC §4 "Wallet connection status". */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/** What the UI and the host need to name a wallet: never trusted, rendered as text and `<img>`. */
export type ConnectorInfo = Pick<Connector, 'id' | 'type' | 'name' | 'imageUrl' | 'rdns'>

/** One wallet connected in one namespace. Several can exist; one of them is current. */
export interface Connection {
  connectorId: string
  namespace: ChainNamespace
  /** Every account the wallet exposes; the first is the one in use. Never empty. */
  accounts: readonly AdapterAccount[]
  /** The chain the wallet is on (EVM: the decimal chain id as text). */
  chainReference: string
  /** The connector, when it was known at connect time. */
  connector?: ConnectorInfo
  /** The embedded wallet's login (AUTH connector only): what SPEC §3's `embeddedWalletInfo` shows. */
  embeddedWallet?: EmbeddedWallet
}

/** How the embedded wallet was logged in to: by email, or with a social login's provider. */
export type EmbeddedWalletAuthProvider = 'email' | SocialLoginOption

/**
 * Who logged in to the embedded wallet and how, as the login cache records it (SPEC §3 local
 * storage keys: email, social username; the social provider). Carried on the AUTH connection,
 * so the account state is built from the connection machine's snapshot alone.
 */
export interface EmbeddedWallet {
  authProvider: EmbeddedWalletAuthProvider
  /** The login's email (an email login, or a social provider that gave one) and social username. */
  user: { email?: string; username?: string }
}

/** A remembered connection, tried on load (SPEC §4: most recently used first). */
export interface ReconnectCandidate {
  namespace: ChainNamespace
  connectorId: string
  connector?: ConnectorInfo
}

/** SPEC §3 per-chain account data that is not the connection itself; cleared by the account reset. */
export interface AccountData {
  balance?: string
  balanceSymbol?: string
  balanceLoading?: boolean
  profileName?: string
  profileImage?: string
  /** The account's tokens on the active network, after core's display rules (SPEC §4 Balances). */
  tokenBalance?: readonly TokenBalance[]
}

export type ConnectionEvent =
  /** Connect a wallet (a prompt). From the Connect/AllWallets views or the host. */
  | {
      type: 'CONNECT'
      connector: ConnectorInfo
      namespace: ChainNamespace
      network?: Network
      /** The namespace's active network (see ConnectRequest.preferredNetwork). */
      preferredNetwork?: Network
    }
  /** Reconnect on load: the remembered connections (most recent first) and the per-wallet disconnect flags. */
  | {
      type: 'RECONNECT'
      remembered: readonly ReconnectCandidate[]
      disconnectedConnectorIds: readonly string[]
    }
  /**
   * Give up on a pending connect (the modal closed, the user went back). With `connectorId`,
   * only that wallet's attempt: a late CANCEL for an earlier wallet leaves the new one alone.
   */
  | { type: 'CANCEL'; connectorId?: string }
  /**
   * Disconnect one connection (default: the current one), every connection (`all`), or every
   * connection of `namespace` (`all` with `namespace`).
   */
  | { type: 'DISCONNECT'; connectorId?: string; namespace?: ChainNamespace; all?: boolean }
  /** Make another existing connection current. */
  | { type: 'SWITCH_CONNECTION'; connectorId: string; namespace: ChainNamespace }
  /**
   * The active network's namespace changed (or was first known): the current account is that
   * namespace's most recent connection, or none until one connects there.
   */
  | { type: 'ACTIVE_NAMESPACE'; namespace: ChainNamespace }
  /** Adapter events: what the wallet says between calls. */
  | {
      type: 'ACCOUNTS_CHANGED'
      connectorId: string
      namespace: ChainNamespace
      accounts: readonly AdapterAccount[]
    }
  | {
      type: 'CHAIN_CHANGED'
      connectorId: string
      namespace: ChainNamespace
      chainReference: string
    }
  | { type: 'WALLET_DISCONNECTED'; connectorId: string; namespace: ChainNamespace }
  /** Balance, profile and token data read for a namespace (cleared on the account reset). */
  | { type: 'ACCOUNT_DATA_UPDATED'; namespace: ChainNamespace; data: AccountData }
  /**
   * The embedded wallet's login changed while connected (SPEC §4: an email update stored the new
   * email): every connection of `connectorId` carries `embeddedWallet` from now on.
   */
  | { type: 'EMBEDDED_WALLET_CHANGED'; connectorId: string; embeddedWallet: EmbeddedWallet }

/** What the machine tells the rest of the system; the root persists and forwards these. */
export type ConnectionEmitted =
  | { type: 'connected'; connection: Connection; reconnected: boolean }
  | { type: 'connectFailed'; error: LatchError }
  | {
      type: 'disconnected'
      connection: Connection
      /** True when the user asked for it (so an injected wallet gets its disconnect flag). */
      byUser: boolean
      /**
       * SPEC §4: an injected wallet the user disconnected keeps a flag so it is not
       * auto-reconnected on the next load.
       */
      flagAsDisconnected: boolean
    }
  | { type: 'accountReset' }
  /** A disconnect stopped reconnect-on-load: these remembered wallets were never tried. */
  | { type: 'reconnectAbandoned'; candidates: readonly ReconnectCandidate[] }

export type ConnectWalletInput = {
  connector: ConnectorInfo
  namespace: ChainNamespace
  network?: Network
  preferredNetwork?: Network
}
/** A wallet's connect or reconnect answer; the AUTH connector's also says who logged in. */
export type ConnectWalletOutput = ConnectResult & { embeddedWallet?: EmbeddedWallet }
export type ReconnectWalletInput = ReconnectCandidate
export type DisconnectWalletsInput = { connections: readonly Connection[] }

/** The connection machine's context (connection.setup.ts). */
export interface ConnectionContext {
  /** Most recently used first; the current one is named by `current`. */
  connections: Connection[]
  current?: { connectorId: string; namespace: ChainNamespace }
  /** The connect in flight. */
  pending?: ConnectWalletInput
  /** Remembered connections still to try on load, most recently used first. */
  reconnectQueue: ReconnectCandidate[]
  /** Connections being disconnected, and whether the user asked for it. */
  disconnecting: Connection[]
  accountData: Partial<Record<ChainNamespace, AccountData>>
  error?: LatchError
  /**
   * The active network's namespace, as the root last told it. The account a host and the views
   * see is the one in this namespace: another namespace's connection stays, but is not current.
   */
  activeNamespace?: ChainNamespace
}
