import { type BalanceTarget } from '../balances/balance-rules.js'
import type { BalanceActor } from '../flows/port.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { ConnectionSnapshot } from '../machines/connection.selectors.js'
import { selectRoute, type ModalSnapshot } from '../machines/modal.selectors.js'
import {
  selectActiveNamespace,
  selectIsUnsupportedChain,
  type NetworkSnapshotLike,
} from '../machines/network-rules.js'
import type { Route } from '../router/routes.js'
import type { WalletConnectLink } from '../walletconnect/link.js'
import type { AdapterRegistry } from '../adapter/registry.js'
import { isConnectedSnapshot, networkFactsOf } from './facts.js'
import { balanceTargetOf } from '../balances/current-target.js'

export { balanceTargetOf } from '../balances/current-target.js'
import type { LatchChildren, LatchRootEvent } from './root-events.js'

/*
 * The root's ears. Each listener turns what happens elsewhere (a child's emitted event, a
 * change in a child's snapshot, an adapter's wallet event) into one typed root event, and
 * decides nothing: what it means for the other machines is written in the root's chart.
 * Derived facts are reported only when they change, so a snapshot storm is one event.
 */

export type Report = (event: LatchRootEvent) => void

/** Calls `report(value)` whenever `key(value)` differs from the last one reported. */
function onChange<T>(report: (value: T) => void, key: (value: T) => string) {
  let last: string | undefined
  return (value: T) => {
    const next = key(value)
    if (next === last) return
    last = next
    report(value)
  }
}

/** The connection facts the modal and the network machine route on. */
function connectionFacts(snapshot: ConnectionSnapshot): LatchRootEvent {
  return {
    type: 'CONNECTION_FACTS',
    isConnected: isConnectedSnapshot(snapshot),
    network: networkFactsOf(snapshot),
  }
}

/** The view on show, `undefined` while the modal is closed; the same object until it changes. */
function shownRoute(snapshot: ModalSnapshot): Route | undefined {
  return snapshot.matches({ visibility: 'open' }) ? selectRoute(snapshot) : undefined
}

/** Reports the children's emitted events and the facts derived from their snapshots. */
export function watchChildren(children: LatchChildren, report: Report): () => void {
  const { connection, network, modal, walletConnect } = children

  const networkFactsChanged = onChange(report, (event) => JSON.stringify(event))
  const networkFacts = (snapshot: NetworkSnapshotLike) =>
    networkFactsChanged({
      type: 'NETWORK_FACTS',
      activeNamespace: selectActiveNamespace(snapshot),
      isUnsupportedChain: selectIsUnsupportedChain(snapshot),
    })
  const connectionFactsChanged = onChange(report, (event) => JSON.stringify(event))
  let lastRoute: Route | undefined | null = null
  const routeChanged = (snapshot: ModalSnapshot) => {
    const route = shownRoute(snapshot)
    if (route === lastRoute) return
    lastRoute = route
    report({ type: 'ROUTE_SHOWN', route })
  }

  const subscriptions = [
    connection.subscribe((snapshot) => {
      connectionFactsChanged(connectionFacts(snapshot))
    }),
    network.subscribe((snapshot) => {
      networkFacts(snapshot)
    }),
    modal.subscribe(routeChanged),
    connection.on('connected', ({ connection: c, reconnected }) =>
      report({ type: 'connection.connected', connection: c, reconnected }),
    ),
    connection.on('disconnected', ({ connection: c, byUser, flagAsDisconnected }) =>
      report({ type: 'connection.disconnected', connection: c, byUser, flagAsDisconnected }),
    ),
    connection.on('connectFailed', ({ error }) =>
      report({ type: 'connection.connectFailed', error }),
    ),
    connection.on('reconnectAbandoned', ({ candidates }) =>
      report({ type: 'connection.reconnectAbandoned', candidates }),
    ),
    // The network's navigation is relayed from the instance's creation on (relay-navigation.ts).
    network.on('switchFailed', ({ error }) => report({ type: 'network.switchFailed', error })),
    network.on('networkChanged', ({ network: changed }) =>
      report({ type: 'network.networkChanged', network: changed }),
    ),
    walletConnect.on('approved', ({ session }) =>
      report({ type: 'walletConnect.approved', session }),
    ),
  ]
  // Start from the facts as they are now.
  connectionFactsChanged(connectionFacts(connection.getSnapshot()))
  networkFacts(network.getSnapshot())
  routeChanged(modal.getSnapshot())
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
}

/**
 * Feeds the current account's balance reader (balances/balance.machine.ts, a child of the root)
 * while the instance runs: it is told each new target (account, chain, network), and what it
 * reads is reported to the root, which stores it in the connection's account data. A flow asks
 * it to read the same target again itself (READ: after a send, or the Account view shown).
 * Stopping the feed leaves the reader to the root.
 */
export function watchBalance(
  children: Pick<LatchChildren, 'connection' | 'network'>,
  balance: BalanceActor,
  report: Report,
): { stop(): void } {
  const { connection, network } = children
  const subscriptions = [
    balance.on('accountData', ({ namespace, data }) =>
      report({ type: 'balance.accountData', namespace, data }),
    ),
    balance.on('unavailable', () => report({ type: 'balance.unavailable' })),
  ]
  const targetChanged = onChange(
    (target: BalanceTarget | undefined) => balance.send({ type: 'TARGET', target }),
    (target) => target?.key ?? '',
  )
  const target = () => balanceTargetOf(connection.getSnapshot(), network.getSnapshot())
  const follow = () => targetChanged(target())
  subscriptions.push(connection.subscribe(follow), network.subscribe(follow))
  follow()
  return { stop: () => subscriptions.forEach((subscription) => subscription.unsubscribe()) }
}

/**
 * Reports each adapter's connectors and wallet events. Discovery starts here, at START;
 * `stopAdapter` ends one adapter's (the host removed it), `stop` every one still running.
 */
export function watchAdapters(
  registry: AdapterRegistry,
  report: Report,
): { stop(): void; stopAdapter(namespace: ChainNamespace): void } {
  const stops = new Map<ChainNamespace, () => void>()
  for (const adapter of registry.values()) {
    const namespace = adapter.namespace
    const unwatch = adapter.watchConnectors((connectors) =>
      report({ type: 'CONNECTORS_CHANGED', namespace, connectors }),
    )
    const unsubscribe = adapter.subscribe((event) =>
      report({ type: 'ADAPTER_EVENT', namespace, event }),
    )
    stops.set(namespace, () => {
      unsubscribe()
      unwatch()
    })
  }
  const stopAdapter = (namespace: ChainNamespace) => {
    stops.get(namespace)?.()
    stops.delete(namespace)
  }
  return { stop: () => [...stops.keys()].reverse().forEach(stopAdapter), stopAdapter }
}

/** Reports a WalletConnect session the wallet ended. */
export function watchWalletConnect(link: WalletConnectLink, report: Report): () => void {
  return link.onSessionDeleted(() => report({ type: 'WALLETCONNECT_SESSION_DELETED' }))
}
