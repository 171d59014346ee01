import type { SnapshotFrom } from 'xstate'
import type { AdapterAccount } from '../adapter/contract.js'
import type { CaipAddress, ChainNamespace } from '../identifiers/types.js'
import type { connectionMachine } from './connection.machine.js'
import type {
  Connection,
  ConnectionStatus,
  ConnectorInfo,
  EmbeddedWallet,
  EmbeddedWalletAuthProvider,
} from './connection.types.js'

export type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>

/** SPEC §3 "Account state exposed to the host". */
export interface AccountState {
  /** The current account's address, in its namespace's format. */
  address?: string
  /** Every account of the current connection. */
  allAccounts: readonly (AdapterAccount & { namespace: ChainNamespace })[]
  /** CAIP-10 id of the current account: `namespace:chainReference:address`. */
  caipAddress?: CaipAddress
  isConnected: boolean
  status: ConnectionStatus
  /** Set for email and social logins (the secure frame's embedded wallet). */
  embeddedWalletInfo?: EmbeddedWalletInfo
}

/** SPEC §3 `embeddedWalletInfo`: the embedded wallet's login and account type. */
export interface EmbeddedWalletInfo {
  /** The email of an email login (or of a social login that gave one), the social username. */
  user?: { email?: string | null; username?: string }
  /** 'email', or the social login's provider ('google', 'farcaster', …). */
  authProvider: EmbeddedWalletAuthProvider
  accountType: 'eoa' | 'smartAccount'
  isSmartAccountDeployed: boolean
}

/**
 * The embedded wallet's account state from what its connection carries. Its account is an EOA:
 * the secure frame answers that smart accounts are not enabled (issue 17), so none is deployed.
 */
export function embeddedWalletInfoOf(embeddedWallet: EmbeddedWallet): EmbeddedWalletInfo {
  return {
    user: { ...embeddedWallet.user },
    authProvider: embeddedWallet.authProvider,
    accountType: 'eoa',
    isSmartAccountDeployed: false,
  }
}

/** The four SPEC statuses; substates (disconnecting, retries) are details of `connected`/`reconnecting`. */
export function selectStatus(snapshot: ConnectionSnapshot): ConnectionStatus {
  const value = snapshot.value
  const top = typeof value === 'string' ? value : Object.keys(value)[0]
  if (top === 'connectFailed') return 'disconnected'
  // Connected in another namespace only: the active namespace has no account (SPEC §3's account
  // state is the active namespace's), so the host and the views see it disconnected there.
  if (top === 'connected' && !selectCurrentConnection(snapshot)) return 'disconnected'
  return top as ConnectionStatus
}

export function selectCurrentConnection(snapshot: ConnectionSnapshot): Connection | undefined {
  const current = snapshot.context.current
  if (!current) return undefined
  return snapshot.context.connections.find(
    (c) => c.connectorId === current.connectorId && c.namespace === current.namespace,
  )
}

export function caipAddressOf(connection: Connection): CaipAddress | undefined {
  const first = connection.accounts[0]
  return first ? `${connection.namespace}:${connection.chainReference}:${first.address}` : undefined
}

export function selectAccountState(snapshot: ConnectionSnapshot): AccountState {
  const status = selectStatus(snapshot)
  const connection = selectCurrentConnection(snapshot)
  if (!connection || status === 'disconnected') {
    return { allAccounts: [], isConnected: false, status }
  }
  const caipAddress = caipAddressOf(connection)
  return {
    address: connection.accounts[0]?.address,
    allAccounts: connection.accounts.map((account) => ({
      ...account,
      namespace: connection.namespace,
    })),
    ...(caipAddress ? { caipAddress } : {}),
    isConnected: true,
    status,
    ...(connection.embeddedWallet
      ? { embeddedWalletInfo: embeddedWalletInfoOf(connection.embeddedWallet) }
      : {}),
  }
}

/** Whether two account states say the same thing (so a listener is told only of real changes). */
export function sameAccountState(a: AccountState, b: AccountState): boolean {
  return (
    a.status === b.status &&
    a.isConnected === b.isConnected &&
    a.address === b.address &&
    a.caipAddress === b.caipAddress &&
    a.allAccounts.length === b.allAccounts.length &&
    a.allAccounts.every((account, index) => {
      const other = b.allAccounts[index]!
      return (
        account.address === other.address &&
        account.type === other.type &&
        account.namespace === other.namespace
      )
    }) &&
    sameEmbeddedWalletInfo(a.embeddedWalletInfo, b.embeddedWalletInfo)
  )
}

/** By value: each account state is a new object, so identity would tell a listener of no change. */
function sameEmbeddedWalletInfo(
  a: EmbeddedWalletInfo | undefined,
  b: EmbeddedWalletInfo | undefined,
): boolean {
  if (!a || !b) return a === b
  return (
    a.authProvider === b.authProvider &&
    a.accountType === b.accountType &&
    a.isSmartAccountDeployed === b.isSmartAccountDeployed &&
    a.user?.email === b.user?.email &&
    a.user?.username === b.user?.username
  )
}

/** What the host's connect helper resolves with (SPEC §4): the first address and the wallet's name and icon. */
export interface ConnectHelperResult {
  acct: string
  connectorData: { name?: string; icon?: string }
}

export function toConnectHelperResult(connection: Connection): ConnectHelperResult {
  const connector: ConnectorInfo | undefined = connection.connector
  return {
    acct: connection.accounts[0]?.address ?? '',
    connectorData: { name: connector?.name, icon: connector?.imageUrl },
  }
}

/** A connection in the active namespace: an account there (a wallet of another does not count). */
export function isConnectedSnapshot(snapshot: ConnectionSnapshot): boolean {
  // An account in the active namespace (a wallet of another namespace does not count), kept
  // while another wallet is being asked: only a new account there is a new connection.
  return selectStatus(snapshot) !== 'disconnected' && !!selectCurrentConnection(snapshot)
}
