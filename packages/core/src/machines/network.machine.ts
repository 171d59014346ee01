import { raise } from 'xstate'
import {
  fallbackAfterNetworkRemoval,
  findNetwork,
  firstNetworkOfAnotherAdapter,
  initialNetworkContext,
  namespaceActivation,
} from './network-rules.js'
import {
  networkSetup,
  pendingInput,
  switchFailed,
  switchSucceeded,
  walletActivation,
} from './network.setup.js'

/**
 * SPEC §4 network switching, as a chart: the same network does nothing; another namespace with no
 * address there goes through SwitchActiveChain; otherwise the SwitchNetwork view asks the wallet
 * (adding the chain and retrying when it does not know it).
 */
export const networkMachine = networkSetup.createMachine({
  id: 'network',
  context: ({ input }) => initialNetworkContext(input),
  initial: 'idle',
  on: {
    FACTS_UPDATED: {
      actions: {
        type: 'recordFacts',
        params: ({ event }) => ({
          namespaces: event.namespaces,
          isBasicConnection: event.isBasicConnection,
        }),
      },
    },
    WALLET_CHAIN_CHANGED: [
      {
        guard: { type: 'isUnsupportedChain', params: ({ event }) => event },
        actions: [
          { type: 'recordWalletChain', params: ({ event }) => event },
          'openUnsupportedChain',
        ],
      },
      { actions: { type: 'recordWalletChain', params: ({ event }) => event } },
    ],
    WALLET_CONNECTED: [
      {
        guard: { type: 'isActiveNamespace', params: ({ event }) => event },
        actions: raise(({ event }) => ({ ...event, type: 'WALLET_CHAIN_CHANGED' as const })),
      },
      {
        guard: {
          type: 'isUnsupportedInNamespace',
          params: ({ event }) => event,
        },
        actions: [
          { type: 'activateNetwork', params: ({ event }) => walletActivation(event) },
          'openUnsupportedChain',
        ],
      },
      { actions: { type: 'activateNetwork', params: ({ event }) => walletActivation(event) } },
    ],
    ADAPTER_REMOVED: [
      {
        guard: { type: 'isActiveNamespace', params: ({ event }) => event },
        actions: [
          { type: 'removeAdapter', params: ({ event }) => event },
          {
            type: 'activateNetwork',
            params: ({ context, event }) => firstNetworkOfAnotherAdapter(context, event.namespace),
          },
        ],
      },
      { actions: { type: 'removeAdapter', params: ({ event }) => event } },
    ],
    NETWORK_REMOVED: [
      {
        guard: { type: 'isActiveNetwork', params: ({ event }) => event },
        actions: [
          { type: 'removeNetwork', params: ({ event }) => event },
          {
            type: 'activateNetwork',
            params: ({ context }) => fallbackAfterNetworkRemoval(context, context.activeNamespace),
          },
        ],
      },
      { actions: { type: 'removeNetwork', params: ({ event }) => event } },
    ],
    NETWORK_ADDED: { actions: { type: 'addNetwork', params: ({ event }) => event } },
  },
  states: {
    idle: {
      entry: 'settleSwitch',
      on: {
        RESTORE_ACTIVE_NETWORK: {
          guard: ({ context, event }) =>
            findNetwork(context.networks, event.caipNetworkId) !== undefined,
          actions: {
            type: 'activateNetwork',
            params: ({ context, event }) => ({
              namespace: findNetwork(context.networks, event.caipNetworkId)!.chainNamespace,
              caipNetworkId: event.caipNetworkId,
            }),
          },
        },
        SWITCH_NETWORK: [
          { guard: { type: 'isSameNetwork', params: ({ event }) => event } },
          {
            // A new request must not show the last attempt's error while its view opens.
            guard: {
              type: 'skipsSwitchConfirmation',
              params: ({ event }) => ({
                network: event.network,
                ignoreSwitchConfirmation: event.ignoreSwitchConfirmation ?? false,
              }),
            },
            actions: ['clearError', { type: 'pushSwitchNetwork', params: ({ event }) => event }],
          },
          {
            guard: { type: 'needsActiveChainSwitch', params: ({ event }) => event },
            actions: { type: 'pushSwitchActiveChain', params: ({ event }) => event },
          },
          { actions: ['clearError', { type: 'pushSwitchNetwork', params: ({ event }) => event }] },
        ],
        CONFIRM_SWITCH: [
          { guard: { type: 'isSameNetwork', params: ({ event }) => event }, actions: 'goBack' },
          {
            guard: {
              type: 'hasConnectionOn',
              params: ({ event }) => ({ namespace: event.network.chainNamespace }),
            },
            target: 'switching',
            actions: { type: 'startSwitch', params: ({ event }) => event },
          },
          {
            // Nothing connected there: no wallet to ask, the network is simply selected.
            actions: [
              {
                type: 'activateNetwork',
                params: ({ event }) => ({
                  namespace: event.network.chainNamespace,
                  caipNetworkId: event.network.caipNetworkId,
                }),
              },
              'clearError',
              'goBack',
            ],
          },
        ],
        SWITCH_ACTIVE_CHAIN: {
          guard: { type: 'canActivateNamespace', params: ({ event }) => event },
          actions: [
            {
              type: 'activateNetwork',
              params: ({ context, event }) =>
                namespaceActivation(context, event.namespace, event.network),
            },
            { type: 'navigateAfterChainSwitch', params: ({ event }) => event },
          ],
        },
      },
    },
    // The wallet has a prompt open: further switch requests wait for it to settle.
    switching: {
      initial: 'requesting',
      // Leaving stops the invoked wallet call; a late answer is ignored (chainChanged still lands).
      on: { CANCEL_SWITCH: '#network.idle' },
      states: {
        requesting: {
          invoke: {
            id: 'switchChain',
            src: 'switchChain',
            input: pendingInput,
            onDone: { target: '#network.idle', actions: switchSucceeded },
            onError: [
              {
                guard: {
                  type: 'isUnrecognizedChainError',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: 'addingChain',
              },
              { target: '#network.idle', actions: switchFailed },
            ],
          },
        },
        // SPEC §4: the wallet does not know the chain: add it (wallet_addEthereumChain), retry once.
        addingChain: {
          invoke: {
            id: 'addChain',
            src: 'addChain',
            input: pendingInput,
            onDone: 'retrying',
            onError: { target: '#network.idle', actions: switchFailed },
          },
        },
        retrying: {
          invoke: {
            id: 'switchChainRetry',
            src: 'switchChain',
            input: pendingInput,
            onDone: { target: '#network.idle', actions: switchSucceeded },
            onError: { target: '#network.idle', actions: switchFailed },
          },
        },
      },
    },
  },
})

// The machine's read API lives beside the rules it derives from; import it from here.
export type {
  NetworkMachineEmitted,
  NetworkMachineEvent,
  NetworkMachineInput,
} from './network.setup.js'
export {
  AUTH_CONNECTOR_NAMESPACES,
  selectActiveCaipNetworkId,
  selectActiveNamespace,
  selectActiveNetwork,
  selectIsSwitchingNamespace,
  selectIsUnsupportedChain,
  selectLastError,
  selectNetworks,
  selectPendingSwitch,
  type NetworkSnapshotLike,
} from './network-rules.js'
