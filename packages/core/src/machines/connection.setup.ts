import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'

import { LatchError } from '../errors/latch-error.js'

import { toLatchError } from '../errors/rpc-error.js'

import type { ChainNamespace } from '../identifiers/types.js'

import { isBrowserWalletType } from '../connector/connector.js'

import {
  disconnectTargets,
  nextCurrent,
  reconnectOrder,
  sameKey,
  toConnection,
  withoutKey,
  type Key,
} from './connection.rules.js'

import type {
  ConnectionContext,
  ConnectionEmitted,
  ConnectionEvent,
  ConnectWalletInput,
  ConnectWalletOutput,
  DisconnectWalletsInput,
  ReconnectCandidate,
} from './connection.types.js'

/** SPEC §9: disconnect waits at most 3 s for the wallet before the connection is dropped anyway. */
export const DISCONNECT_WAIT_MS = 3_000

export type { ConnectionContext } from './connection.types.js'

/** The connection machine's vocabulary; its chart is connection.machine.ts. */
export const connectionSetup = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    emitted: {} as ConnectionEmitted,
  },
  actors: {
    /** Prompts the wallet (adapter.connect). The root provides the real one. */
    connectWallet: fromPromise<ConnectWalletOutput, ConnectWalletInput>(async () => {
      throw new LatchError('ADAPTER_NOT_FOUND')
    }),
    /** Silent reconnect of one remembered wallet (adapter.reconnect); null when not authorized. */
    reconnectWallet: fromPromise<ConnectWalletOutput | null, ReconnectCandidate>(async () => {
      throw new LatchError('ADAPTER_NOT_FOUND')
    }),
    /** Tells the wallets they are disconnected (adapter.disconnect). */
    disconnectWallets: fromPromise<void, DisconnectWalletsInput>(async () => {}),
  },
  delays: { DISCONNECT_WAIT: DISCONNECT_WAIT_MS },
  guards: {
    hasConnections: ({ context }) => context.connections.length > 0,
    hasNoConnections: ({ context }) => context.connections.length === 0,
    hasReconnectCandidates: ({ event }) =>
      event.type === 'RECONNECT' &&
      reconnectOrder(event.remembered, event.disconnectedConnectorIds).length > 0,
    hasMoreToReconnect: ({ context }) => context.reconnectQueue.length > 0,
    /** SPEC §5: a connector already connected cannot be connected again. */
    isAlreadyConnected: ({ context, event }) =>
      event.type === 'CONNECT' &&
      context.connections.some((c) =>
        sameKey(c, { connectorId: event.connector.id, namespace: event.namespace }),
      ),
    /** SPEC §4: a wallet reporting zero accounts is treated as disconnected. */
    reportsZeroAccounts: (_, params: { accounts: readonly unknown[] }) =>
      params.accounts.length === 0,
    walletReportsZeroAccounts: ({ event }) =>
      event.type === 'ACCOUNTS_CHANGED' && event.accounts.length === 0,
    hasConnectorConnected: ({ context, event }) =>
      event.type === 'EMBEDDED_WALLET_CHANGED' &&
      context.connections.some((c) => c.connectorId === event.connectorId),
    isKnownConnection: ({ context, event }) =>
      'connectorId' in event &&
      'namespace' in event &&
      event.namespace !== undefined &&
      context.connections.some((c) =>
        sameKey(c, { connectorId: event.connectorId as string, namespace: event.namespace! }),
      ),
    /** CANCEL names the wallet whose attempt it abandons; a stale CANCEL leaves a newer one alone. */
    isPendingConnector: ({ context, event }) =>
      event.type === 'CANCEL' &&
      (event.connectorId === undefined || context.pending?.connector.id === event.connectorId),
    hasDisconnectTarget: ({ context, event }) =>
      event.type === 'DISCONNECT' && disconnectTargets(context, event).length > 0,
  },
  actions: {
    assignPending: assign(({ event }) => {
      if (event.type !== 'CONNECT') return {}
      const { connector, namespace, network, preferredNetwork } = event
      return {
        pending: {
          connector,
          namespace,
          ...(network ? { network } : {}),
          ...(preferredNetwork ? { preferredNetwork } : {}),
        },
        error: undefined,
      }
    }),
    clearPending: assign({ pending: undefined }),
    assignReconnectQueue: assign(({ event }) =>
      event.type === 'RECONNECT'
        ? { reconnectQueue: reconnectOrder(event.remembered, event.disconnectedConnectorIds) }
        : {},
    ),
    /** SPEC §4 account reset: the connector id is removed; address, balance, profile and tokens cleared. */
    resetAccount: enqueueActions(({ enqueue }) => {
      enqueue.assign({ current: undefined, accountData: {}, pending: undefined, disconnecting: [] })
      enqueue.emit({ type: 'accountReset' })
    }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchError(params.error) })),
    emitConnectFailed: emit(({ context }) => ({
      type: 'connectFailed' as const,
      error: context.error ?? new LatchError('UNKNOWN_ERROR'),
    })),
    /** A fresh connection becomes the current one and the most recent. */
    addConnection: enqueueActions(
      ({ context, enqueue }, params: { result: ConnectWalletOutput }) => {
        const pending = context.pending!
        const connection = toConnection(params.result, pending.namespace, pending.connector)
        enqueue.assign({
          connections: [connection, ...withoutKey(context.connections, connection)],
          current: { connectorId: connection.connectorId, namespace: connection.namespace },
          pending: undefined,
          error: undefined,
        })
        enqueue.emit({ type: 'connected', connection, reconnected: false })
      },
    ),
    /** Reconnect keeps the try order: the first authorized (most recent) one is current. */
    addReconnected: enqueueActions(
      ({ context, enqueue }, params: { result: ConnectWalletOutput | null }) => {
        const [candidate, ...rest] = context.reconnectQueue
        enqueue.assign({ reconnectQueue: rest })
        const result = params.result
        if (!candidate || !result || result.accounts.length === 0) return
        const connection = toConnection(result, candidate.namespace, candidate.connector)
        const inActiveNamespace =
          !context.activeNamespace || connection.namespace === context.activeNamespace
        enqueue.assign({
          connections: [...withoutKey(context.connections, connection), connection],
          current:
            context.current ??
            (inActiveNamespace
              ? { connectorId: connection.connectorId, namespace: connection.namespace }
              : undefined),
        })
        enqueue.emit({ type: 'connected', connection, reconnected: true })
      },
    ),
    /**
     * A disconnect during reconnect-on-load: the wallets not tried yet are forgotten like the
     * connected ones, or the next load would reconnect what the user just logged out of.
     */
    abandonReconnect: enqueueActions(({ context, enqueue }) => {
      if (context.reconnectQueue.length > 0)
        enqueue.emit({ type: 'reconnectAbandoned', candidates: context.reconnectQueue })
      enqueue.assign({ reconnectQueue: [] })
    }),
    dropReconnectHead: assign(({ context }) => ({
      reconnectQueue: context.reconnectQueue.slice(1),
    })),
    assignAlreadyConnected: assign({ error: () => new LatchError('CONNECTOR_ALREADY_CONNECTED') }),
    /** The current account follows the active namespace (see {@link ConnectionContext.activeNamespace}). */
    followActiveNamespace: assign(({ context }, { namespace }: { namespace: ChainNamespace }) => {
      if (context.current?.namespace === namespace) return { activeNamespace: namespace }
      const latest = context.connections.find((c) => c.namespace === namespace)
      return {
        activeNamespace: namespace,
        current: latest && { connectorId: latest.connectorId, namespace },
      }
    }),
    makeCurrent: assign(({ event }) =>
      event.type === 'SWITCH_CONNECTION'
        ? { current: { connectorId: event.connectorId, namespace: event.namespace } }
        : {},
    ),
    assignDisconnecting: assign(({ context, event }) => {
      if (event.type !== 'DISCONNECT') return {}
      const targets = disconnectTargets(context, event)
      // A second DISCONNECT while the first waits on the wallet widens it, never narrows it.
      const already = context.disconnecting.filter((c) => !targets.some((t) => sameKey(t, c)))
      return { disconnecting: [...already, ...targets] }
    }),
    /** Drops connections; emits one `disconnected` each so the root can forget or flag them. */
    removeConnections: enqueueActions(
      ({ context, enqueue }, params: { keys: readonly Key[]; byUser: boolean }) => {
        const removed = context.connections.filter((c) => params.keys.some((k) => sameKey(c, k)))
        const remaining = context.connections.filter((c) => !removed.includes(c))
        enqueue.assign({
          connections: remaining,
          current: nextCurrent(context, remaining),
          disconnecting: [],
        })
        for (const connection of removed) {
          enqueue.emit({
            type: 'disconnected',
            connection,
            byUser: params.byUser,
            flagAsDisconnected: params.byUser && isBrowserWalletType(connection.connector?.type),
          })
        }
      },
    ),
    updateAccounts: assign(({ context, event }) => {
      if (event.type !== 'ACCOUNTS_CHANGED') return {}
      return {
        connections: context.connections.map((c) =>
          sameKey(c, event) ? { ...c, accounts: [...event.accounts] } : c,
        ),
      }
    }),
    updateChain: assign(({ context, event }) => {
      if (event.type !== 'CHAIN_CHANGED') return {}
      return {
        connections: context.connections.map((c) =>
          sameKey(c, event) ? { ...c, chainReference: event.chainReference } : c,
        ),
      }
    }),
    /** The login changed (an email update): the connector's connections say who it is now. */
    updateEmbeddedWallet: assign(({ context, event }) => {
      if (event.type !== 'EMBEDDED_WALLET_CHANGED') return {}
      return {
        connections: context.connections.map((c) =>
          c.connectorId === event.connectorId ? { ...c, embeddedWallet: event.embeddedWallet } : c,
        ),
      }
    }),
    updateAccountData: assign(({ context, event }) => {
      if (event.type !== 'ACCOUNT_DATA_UPDATED') return {}
      if (!context.connections.some((c) => c.namespace === event.namespace)) return {}
      const previous = context.accountData[event.namespace] ?? {}
      return {
        accountData: { ...context.accountData, [event.namespace]: { ...previous, ...event.data } },
      }
    }),
  },
})
