import { fromCallback, type AnyActorRef } from 'xstate'
import type { AdapterEvent } from '../adapter/contract.js'
import type { Connector } from '../connector/connector.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { ConnectionEmitted } from '../machines/connection.types.js'
import type { ConnectionSnapshot } from '../machines/connection.selectors.js'
import type { NetworkMachineEmitted } from '../machines/network.machine.js'
import {
  selectActiveNamespace,
  selectIsUnsupportedChain,
  type NetworkSnapshotLike,
} from '../machines/network-rules.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import type { AdapterRegistry } from './adapter-actors.js'
import { createBalanceSync } from './balance-sync.js'
import { isConnectedSnapshot, networkFactsOf, toModalEvent } from './facts.js'
import { WALLETCONNECT_CONNECTOR_ID } from '../walletconnect/contract.js'
import type { WalletConnectLink } from '../walletconnect/link.js'
import { wireWalletConnect } from './walletconnect-bridge.js'

export interface BridgeInput {
  registry: AdapterRegistry
  storage: LatchStorage
  reconnect: boolean
  isMobile: boolean
  walletConnect: WalletConnectLink
}

export type BridgeEvent = {
  type: 'CONNECTORS_CHANGED'
  namespace: ChainNamespace
  connectors: readonly Connector[]
}

/**
 * The I/O half of the root system, started by `latch.start()` (never on a server): it wires the
 * machines to each other, to the adapters' wallets and to storage. The machines stay pure and
 * never import each other; everything they tell one another passes through here.
 */
export const bridge = fromCallback<{ type: 'NONE' }, BridgeInput>(({ input, system, sendBack }) => {
  const connection: AnyActorRef = system.get('connection')
  const network: AnyActorRef = system.get('network')
  const modal: AnyActorRef = system.get('modal')
  const { storage, registry } = input
  const cleanups: Array<() => void> = []

  modal.send({ type: 'FACTS_UPDATED', facts: { isMobile: input.isMobile } })

  // Connection → network and modal facts, only when they change.
  let lastConnected: boolean | undefined
  let lastNetworkFacts = ''
  const syncConnection = (snapshot: ConnectionSnapshot) => {
    const isConnected = isConnectedSnapshot(snapshot)
    if (isConnected !== lastConnected) {
      lastConnected = isConnected
      modal.send({ type: 'FACTS_UPDATED', facts: { isConnected } })
    }
    const facts = networkFactsOf(snapshot)
    const key = JSON.stringify(facts)
    if (key !== lastNetworkFacts) {
      lastNetworkFacts = key
      network.send({ type: 'FACTS_UPDATED', ...facts })
    }
  }
  syncConnection(connection.getSnapshot())
  cleanups.push(connection.subscribe(syncConnection).unsubscribe)

  // Network → modal: the active namespace, and navigation requests.
  let synced = false
  let lastNamespace: string | undefined
  let lastUnsupported = false
  const syncNetwork = (snapshot: NetworkSnapshotLike) => {
    const activeNamespace = selectActiveNamespace(snapshot)
    const isUnsupportedChain = selectIsUnsupportedChain(snapshot)
    const namespaceChanged = !synced || activeNamespace !== lastNamespace
    if (!namespaceChanged && isUnsupportedChain === lastUnsupported) return
    synced = true
    lastNamespace = activeNamespace
    lastUnsupported = isUnsupportedChain
    modal.send({ type: 'FACTS_UPDATED', facts: { activeNamespace, isUnsupportedChain } })
    if (namespaceChanged) storage.set('lastUsedChain', activeNamespace)
  }
  syncNetwork(network.getSnapshot())
  cleanups.push(network.subscribe(syncNetwork).unsubscribe)
  cleanups.push(
    network.on('navigate', (request: Extract<NetworkMachineEmitted, { type: 'navigate' }>) =>
      modal.send(toModalEvent(request)),
    ).unsubscribe,
  )
  // SPEC §2: a failed switch goes back to the previous view (often closing the modal), so the
  // reason is told in a toast that outlives the view.
  cleanups.push(
    network.on('switchFailed', (event: Extract<NetworkMachineEmitted, { type: 'switchFailed' }>) =>
      system.get('toast').send({
        type: 'SHOW',
        toast: {
          message: event.error.message,
          code: event.error.code,
          // Only a text with placeholders carries values.
          ...(Object.keys(event.error.values).length > 0 ? { values: event.error.values } : {}),
          variant: 'error',
        },
      }),
    ).unsubscribe,
  )
  cleanups.push(
    network.on(
      'networkChanged',
      (event: Extract<NetworkMachineEmitted, { type: 'networkChanged' }>) =>
        storage.set('activeCaipNetworkId', event.network.caipNetworkId),
    ).unsubscribe,
  )

  // Closing the modal abandons a connect still waiting on the wallet (the user gave up on it).
  cleanups.push(
    modal.on('closed', () => {
      if (connection.getSnapshot().matches('connecting')) connection.send({ type: 'CANCEL' })
    }).unsubscribe,
  )

  // Connection outcomes → storage (what to reconnect on load, recent wallets, disconnect flags).
  cleanups.push(
    connection.on(
      'connected',
      ({ connection: c, reconnected }: Extract<ConnectionEmitted, { type: 'connected' }>) => {
        // The wallet's chain decides the active network of its namespace.
        network.send({
          type: 'WALLET_CHAIN_CHANGED',
          namespace: c.namespace,
          chainReference: c.chainReference,
        })
        // A reconnect keeps the remembered order; only a fresh connect becomes the most recent.
        if (reconnected) return
        storage.rememberConnection(c.namespace, c.connectorId)
        storage.setConnectorDisconnected(c.connectorId, false)
        if (c.connector) {
          const { id, name, imageUrl, rdns } = c.connector
          storage.addRecentWallet({
            id,
            name,
            ...(imageUrl ? { imageUrl } : {}),
            ...(rdns ? { rdns } : {}),
          })
        }
      },
    ).unsubscribe,
  )
  cleanups.push(
    connection.on('disconnected', (event: Extract<ConnectionEmitted, { type: 'disconnected' }>) => {
      storage.forgetConnection(event.connection.namespace, event.connection.connectorId)
      if (event.flagAsDisconnected)
        storage.setConnectorDisconnected(event.connection.connectorId, true)
    }).unsubscribe,
  )

  // The current account's balance follows the account, its chain and the active network.
  const balances = createBalanceSync({ registry, connection, network, toast: system.get('toast') })
  cleanups.push(connection.subscribe(balances.sync).unsubscribe)
  cleanups.push(network.subscribe(balances.sync).unsubscribe)

  // Adapters: discovery and wallet events.
  for (const adapter of registry.values()) {
    const namespace = adapter.namespace
    cleanups.push(
      adapter.watchConnectors((connectors) =>
        sendBack({
          type: 'CONNECTORS_CHANGED',
          namespace,
          connectors,
        } satisfies BridgeEvent as never),
      ),
    )
    cleanups.push(adapter.subscribe((event) => forwardAdapterEvent(namespace, event)))
  }

  function forwardAdapterEvent(namespace: ChainNamespace, event: AdapterEvent) {
    switch (event.type) {
      case 'accountsChanged':
        connection.send({
          type: 'ACCOUNTS_CHANGED',
          namespace,
          connectorId: event.connectorId,
          accounts: event.accounts,
        })
        return
      case 'chainChanged':
        connection.send({
          type: 'CHAIN_CHANGED',
          namespace,
          connectorId: event.connectorId,
          chainReference: event.chainReference,
        })
        network.send({
          type: 'WALLET_CHAIN_CHANGED',
          namespace,
          chainReference: event.chainReference,
        })
        return
      case 'disconnect':
        connection.send({ type: 'WALLET_DISCONNECTED', namespace, connectorId: event.connectorId })
        return
      case 'connectorsChanged':
        sendBack({
          type: 'CONNECTORS_CHANGED',
          namespace,
          connectors: event.connectors,
        } satisfies BridgeEvent as never)
    }
  }

  cleanups.push(
    wireWalletConnect({
      link: input.walletConnect,
      connection,
      network,
      modal,
      walletConnect: system.get('walletConnect'),
    }),
  )

  const savedNetwork = storage.get('activeCaipNetworkId')
  if (savedNetwork) network.send({ type: 'RESTORE_ACTIVE_NETWORK', caipNetworkId: savedNetwork })

  if (input.reconnect) {
    // A WalletConnect session may cover a namespace no adapter serves (the basic connection).
    const remembered = storage
      .getRememberedConnections()
      .filter(
        (c) =>
          registry.has(c.namespace) ||
          (c.connectorId === WALLETCONNECT_CONNECTOR_ID && input.walletConnect.available),
      )
    const disconnectedConnectorIds = storage.get('disconnectedConnectors') ?? []
    connection.send({ type: 'RECONNECT', remembered, disconnectedConnectorIds })
  }

  return () => {
    for (const cleanup of cleanups.reverse()) cleanup()
  }
})
