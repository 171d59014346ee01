import { isBrowserWalletType } from '../connector/connector.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { Connection, ReconnectCandidate } from '../machines/connection.types.js'
import type { Network } from '../network/network.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import { WALLETCONNECT_CONNECTOR_ID } from '../walletconnect/contract.js'
import type { LatchIo } from './root-events.js'

/*
 * What the root's chart persists, as plain effects on the instance's storage. Each is named in
 * the chart beside the event it follows (`connection.connected` → rememberConnection, …).
 */

/** A fresh connect becomes the most recent, for reconnect on load and the recent wallets. */
export function rememberConnection(
  storage: LatchStorage,
  { connection, reconnected }: { connection: Connection; reconnected: boolean },
) {
  // A reconnect keeps the remembered order; only a fresh connect becomes the most recent.
  if (reconnected) return
  storage.rememberConnection(connection.namespace, connection.connectorId)
  storage.setConnectorDisconnected(connection.connectorId, false)
  if (!connection.connector) return
  const { id, name, imageUrl, rdns } = connection.connector
  storage.addRecentWallet({
    id,
    name,
    ...(imageUrl ? { imageUrl } : {}),
    ...(rdns ? { rdns } : {}),
  })
}

/** SPEC §4: a wallet the user disconnected keeps a flag, so it is not auto-reconnected. */
export function forgetConnection(
  storage: LatchStorage,
  p: { connection: Connection; flagAsDisconnected: boolean },
) {
  storage.forgetConnection(p.connection.namespace, p.connection.connectorId)
  if (p.flagAsDisconnected) storage.setConnectorDisconnected(p.connection.connectorId, true)
}

/** A logout during reconnect-on-load forgets the wallets not tried yet, as if disconnected. */
export function forgetCandidates(
  storage: LatchStorage,
  { candidates }: { candidates: readonly ReconnectCandidate[] },
) {
  for (const candidate of candidates) {
    storage.forgetConnection(candidate.namespace, candidate.connectorId)
    if (isBrowserWalletType(candidate.connector?.type))
      storage.setConnectorDisconnected(candidate.connectorId, true)
  }
}

export function rememberActiveNetwork(storage: LatchStorage, { network }: { network: Network }) {
  storage.set('activeCaipNetworkId', network.caipNetworkId)
}

export function rememberLastUsedChain(
  storage: LatchStorage,
  { activeNamespace }: { activeNamespace?: ChainNamespace },
) {
  if (activeNamespace) storage.set('lastUsedChain', activeNamespace)
}

/** What reconnect on load tries: remembered wallets an adapter (or the session) can serve. */
export function reconnectRequest(storage: LatchStorage, io: LatchIo) {
  // A WalletConnect session may cover a namespace no adapter serves (the basic connection).
  const remembered = storage
    .getRememberedConnections()
    .filter(
      (c) =>
        io.registry.has(c.namespace) ||
        (c.connectorId === WALLETCONNECT_CONNECTOR_ID && io.walletConnect.available),
    )
  const disconnectedConnectorIds = storage.get('disconnectedConnectors') ?? []
  return { type: 'RECONNECT' as const, remembered, disconnectedConnectorIds }
}
