import { and } from 'xstate'
import { LatchError } from '../errors/latch-error.js'
import { connectionSetup } from './connection.setup.js'

import type { ConnectionContext } from './connection.setup.js'

export { DISCONNECT_WAIT_MS, type ConnectionContext } from './connection.setup.js'

const removeDisconnecting = {
  type: 'removeConnections',
  params: ({ context }: { context: ConnectionContext }) => ({
    keys: context.disconnecting,
    byUser: true,
  }),
} as const

/**
 * SPEC §4 "Wallet connection status": disconnected, connecting, reconnecting, connected. Every
 * state ends on DISCONNECT (the host's logout), so a disconnect always settles.
 */
export const connectionMachine = connectionSetup.createMachine({
  id: 'connection',
  context: { connections: [], reconnectQueue: [], disconnecting: [], accountData: {} },
  initial: 'disconnected',
  on: {
    ACCOUNTS_CHANGED: [
      {
        guard: and(['isKnownConnection', 'walletReportsZeroAccounts']),
        actions: {
          type: 'removeConnections',
          params: ({ event }) => ({ keys: [event], byUser: false }),
        },
      },
      { guard: 'isKnownConnection', actions: 'updateAccounts' },
    ],
    CHAIN_CHANGED: { guard: 'isKnownConnection', actions: 'updateChain' },
    WALLET_DISCONNECTED: {
      guard: 'isKnownConnection',
      actions: {
        type: 'removeConnections',
        params: ({ event }) => ({ keys: [event], byUser: false }),
      },
    },
    ACCOUNT_DATA_UPDATED: { actions: 'updateAccountData' },
    EMBEDDED_WALLET_CHANGED: { guard: 'hasConnectorConnected', actions: 'updateEmbeddedWallet' },
    ACTIVE_NAMESPACE: {
      actions: { type: 'followActiveNamespace', params: ({ event }) => event },
    },
  },
  states: {
    disconnected: {
      entry: 'resetAccount',
      on: {
        CONNECT: { target: 'connecting', actions: 'assignPending' },
        RECONNECT: {
          guard: 'hasReconnectCandidates',
          target: 'reconnecting',
          actions: 'assignReconnectQueue',
        },
      },
    },
    connecting: {
      invoke: {
        id: 'connectWallet',
        src: 'connectWallet',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            // SPEC §4: zero accounts counts as not connected, so this is a failed connect.
            guard: {
              type: 'reportsZeroAccounts',
              params: ({ event }) => ({ accounts: event.output.accounts }),
            },
            target: 'connectFailed',
            actions: {
              type: 'assignError',
              params: () => ({ error: new LatchError('CONNECTOR_NOT_CONNECTED') }),
            },
          },
          {
            target: 'connected',
            actions: { type: 'addConnection', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: {
          target: 'connectFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Picking another wallet while one is pending abandons the first attempt.
        CONNECT: { target: 'connecting', reenter: true, actions: 'assignPending' },
        CANCEL: [
          {
            guard: and(['isPendingConnector', 'hasConnections']),
            target: 'connected',
            actions: 'clearPending',
          },
          { guard: 'isPendingConnector', target: 'disconnected' },
        ],
        // The host's logout wins over a wallet prompt still open: the attempt is abandoned.
        DISCONNECT: [
          {
            guard: 'hasDisconnectTarget',
            target: '#connection.connected.disconnecting',
            actions: ['clearPending', 'assignDisconnecting'],
          },
          { guard: 'hasNoConnections', target: 'disconnected' },
        ],
      },
    },
    /** Transient: SPEC §4 "a failed connect returns to connected if a current connection exists". */
    connectFailed: {
      entry: ['emitConnectFailed', 'clearPending'],
      always: [{ guard: 'hasConnections', target: 'connected' }, { target: 'disconnected' }],
    },
    reconnecting: {
      initial: 'trying',
      on: {
        CONNECT: { target: 'connecting', actions: 'assignPending' },
        // A logout during reconnect-on-load stops it: what reconnected so far is disconnected.
        DISCONNECT: [
          {
            guard: 'hasDisconnectTarget',
            target: '#connection.connected.disconnecting',
            actions: ['abandonReconnect', 'assignDisconnecting'],
          },
          { guard: 'hasNoConnections', target: 'disconnected', actions: 'abandonReconnect' },
        ],
      },
      states: {
        trying: {
          invoke: {
            id: 'reconnectWallet',
            src: 'reconnectWallet',
            input: ({ context }) => context.reconnectQueue[0]!,
            onDone: {
              target: 'next',
              actions: {
                type: 'addReconnected',
                params: ({ event }) => ({ result: event.output }),
              },
            },
            onError: { target: 'next', actions: 'dropReconnectHead' },
          },
        },
        next: {
          always: [
            { guard: 'hasMoreToReconnect', target: 'trying' },
            { guard: 'hasConnections', target: '#connection.connected' },
            { target: '#connection.disconnected' },
          ],
        },
      },
    },
    connected: {
      initial: 'idle',
      always: { guard: 'hasNoConnections', target: 'disconnected' },
      on: {
        SWITCH_CONNECTION: {
          guard: 'isKnownConnection',
          actions: 'makeCurrent',
        },
      },
      states: {
        idle: {
          on: {
            // Not while disconnecting: leaving that state early would keep the connection.
            CONNECT: [
              {
                guard: 'isAlreadyConnected',
                actions: ['assignAlreadyConnected', 'emitConnectFailed'],
              },
              { target: '#connection.connecting', actions: 'assignPending' },
            ],
            DISCONNECT: {
              guard: 'hasDisconnectTarget',
              target: 'disconnecting',
              actions: 'assignDisconnecting',
            },
          },
        },
        disconnecting: {
          on: {
            // Widening the disconnect restarts the wallets' wait with every target at once.
            DISCONNECT: {
              guard: 'hasDisconnectTarget',
              target: 'disconnecting',
              reenter: true,
              actions: 'assignDisconnecting',
            },
          },
          invoke: {
            id: 'disconnectWallets',
            src: 'disconnectWallets',
            input: ({ context }) => ({ connections: context.disconnecting }),
            onDone: { target: 'idle', actions: removeDisconnecting },
            // The wallet failing to answer must not keep the user connected.
            onError: { target: 'idle', actions: removeDisconnecting },
          },
          after: { DISCONNECT_WAIT: { target: 'idle', actions: removeDisconnecting } },
        },
      },
    },
  },
})
