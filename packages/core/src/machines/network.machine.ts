import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import type { NetworkRequest } from '../adapter/contract.js'
import { LatchError, isUnrecognizedChainError, toLatchError } from '../errors/index.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'
import { route, type NavigationRequest, type Route, type ViewName } from '../router/routes.js'
import {
  activeCaipNetworkIdOf,
  connectionOf,
  fallbackAfterNetworkRemoval,
  findNetwork,
  firstNetworkOfAnotherAdapter,
  initialNetworkContext,
  isUnsupportedIn,
  namespaceActivation,
  needsActiveChainSwitch,
  skipsSwitchConfirmation,
  toCaipNetworkId,
  withNetwork,
  withoutNetwork,
  type Activation,
  type ConnectionFacts,
  type NetworkContext,
  type NetworkRulesInput,
  type PendingSwitch,
} from './network-rules.js'

/** What the root passes when it creates the machine (SPEC §9 options and restored storage). */
export type NetworkMachineInput = NetworkRulesInput

export type NetworkMachineEvent =
  /** The connection machine's facts, forwarded by the root. */
  | ({ type: 'FACTS_UPDATED' } & ConnectionFacts)
  /** A request to switch, from the Networks view or the host: routed to a confirming view. */
  | { type: 'SWITCH_NETWORK'; network: Network; ignoreSwitchConfirmation?: boolean }
  /** The network saved by the last visit (read from storage at start); ignored unless configured. */
  | { type: 'RESTORE_ACTIVE_NETWORK'; caipNetworkId: CaipNetworkId }
  /**
   * Performs the switch. Sent by the root when the SwitchNetwork view is shown (the view is the
   * confirmation, SPEC §2), and again when the user presses Try again.
   */
  | { type: 'CONFIRM_SWITCH'; network: Network }
  /** The SwitchNetwork view was left (modal closed): stop waiting on the wallet's answer. */
  | { type: 'CANCEL_SWITCH' }
  /** The SwitchActiveChain view's confirm. */
  | {
      type: 'SWITCH_ACTIVE_CHAIN'
      namespace: ChainNamespace
      network?: Network
      navigateTo?: ViewName
      navigateWithReplace?: boolean
    }
  /** The wallet moved by itself (adapter `chainChanged`). */
  | { type: 'WALLET_CHAIN_CHANGED'; namespace: ChainNamespace; chainReference: string }
  | { type: 'ADAPTER_REMOVED'; namespace: ChainNamespace }
  | { type: 'NETWORK_REMOVED'; caipNetworkId: CaipNetworkId }
  | { type: 'NETWORK_ADDED'; network: Network }

/** What the machine asks of others; the root forwards each (`actor.on(type, fn)`). */
export type NetworkMachineEmitted =
  | NavigationRequest
  /** The active network (of the active namespace) is now `network`. */
  | { type: 'networkChanged'; network: Network }
  | { type: 'switchFailed'; error: LatchError }
  /** SPEC §4: the send form belongs to the namespace that was active. */
  | { type: 'sendFormReset' }

/** Placeholder until the root provides the adapter's call: there is no adapter to ask here. */
const adapterCallNotProvided = fromPromise<void, NetworkRequest>(async () => {
  throw new LatchError('CHAIN_ADAPTER_NOT_FOUND')
})

function pendingInput({ context }: { context: NetworkContext }): PendingSwitch {
  // Only the switching states invoke, and they are entered with a pending switch.
  if (!context.pendingSwitch) throw new LatchError('CAIP_NETWORK_UNDEFINED')
  return context.pendingSwitch
}

const activationOfPending = ({ context }: { context: NetworkContext }): Activation | undefined =>
  context.pendingSwitch && {
    namespace: context.pendingSwitch.network.chainNamespace,
    caipNetworkId: context.pendingSwitch.network.caipNetworkId,
  }

const switchSucceeded = [
  { type: 'activateNetwork', params: activationOfPending },
  'goBack',
] as const

const switchFailed = {
  type: 'failSwitch',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

export const networkMachine = setup({
  types: {
    context: {} as NetworkContext,
    events: {} as NetworkMachineEvent,
    input: {} as NetworkMachineInput,
    emitted: {} as NetworkMachineEmitted,
  },
  actors: { switchChain: adapterCallNotProvided, addChain: adapterCallNotProvided },
  guards: {
    isSameNetwork: ({ context }, { network }: { network: Network }) =>
      network.caipNetworkId === activeCaipNetworkIdOf(context),
    skipsSwitchConfirmation: (
      { context },
      p: { network: Network; ignoreSwitchConfirmation: boolean },
    ) => skipsSwitchConfirmation(context, p.network, p.ignoreSwitchConfirmation),
    needsActiveChainSwitch: ({ context }, { network }: { network: Network }) =>
      needsActiveChainSwitch(context, network),
    hasConnectionOn: ({ context }, { namespace }: { namespace: ChainNamespace }) =>
      connectionOf(context.facts, namespace) !== undefined,
    isUnrecognizedChainError: (_, { error }: { error: unknown }) => isUnrecognizedChainError(error),
    isUnsupportedChain: ({ context }, p: { namespace: ChainNamespace; chainReference: string }) =>
      p.namespace === context.activeNamespace &&
      isUnsupportedIn(context, toCaipNetworkId(p.namespace, p.chainReference)),
    canActivateNamespace: ({ context }, p: { namespace: ChainNamespace; network?: Network }) =>
      namespaceActivation(context, p.namespace, p.network) !== undefined,
    isActiveNamespace: ({ context }, { namespace }: { namespace: ChainNamespace }) =>
      namespace === context.activeNamespace,
    isActiveNetwork: ({ context }, { caipNetworkId }: { caipNetworkId: CaipNetworkId }) =>
      caipNetworkId === activeCaipNetworkIdOf(context),
  },
  actions: {
    recordFacts: assign((_, facts: ConnectionFacts) => ({ facts })),
    startSwitch: assign(({ context }, { network }: { network: Network }) => ({
      pendingSwitch: {
        network,
        connectorId: connectionOf(context.facts, network.chainNamespace)?.connectorId ?? '',
      },
      isSwitchingNamespace: network.chainNamespace !== context.activeNamespace,
      error: undefined,
    })),
    settleSwitch: assign({ pendingSwitch: undefined, isSwitchingNamespace: false }),
    clearError: assign({ error: undefined }),
    /** Moves the active network; announces what changed. `undefined`: nowhere to go, stay. */
    activateNetwork: enqueueActions(({ context, enqueue }, activation: Activation | undefined) => {
      if (!activation) return
      const { namespace, caipNetworkId } = activation
      const changesNamespace = namespace !== context.activeNamespace
      const changesNetwork = changesNamespace || caipNetworkId !== activeCaipNetworkIdOf(context)
      enqueue.assign({
        activeNamespace: namespace,
        activeCaipNetworkIds: { ...context.activeCaipNetworkIds, [namespace]: caipNetworkId },
      })
      if (changesNamespace) enqueue.emit({ type: 'sendFormReset' })
      const network = findNetwork(context.networks, caipNetworkId)
      if (changesNetwork && network) enqueue.emit({ type: 'networkChanged', network })
    }),
    failSwitch: enqueueActions(({ enqueue }, { error }: { error: unknown }) => {
      const latchError = toLatchError(error)
      enqueue.assign({ error: latchError })
      enqueue.emit({ type: 'navigate', action: 'goBack' })
      enqueue.emit({ type: 'switchFailed', error: latchError })
    }),
    recordWalletChain: enqueueActions(
      ({ context, enqueue }, p: { namespace: ChainNamespace; chainReference: string }) => {
        const caipNetworkId = toCaipNetworkId(p.namespace, p.chainReference)
        enqueue.assign({
          activeCaipNetworkIds: { ...context.activeCaipNetworkIds, [p.namespace]: caipNetworkId },
        })
        const network = findNetwork(context.networks, caipNetworkId)
        const changesActive =
          p.namespace === context.activeNamespace &&
          caipNetworkId !== activeCaipNetworkIdOf(context)
        if (changesActive && network) enqueue.emit({ type: 'networkChanged', network })
      },
    ),
    removeAdapter: assign(({ context }, { namespace }: { namespace: ChainNamespace }) => ({
      adapterNamespaces: context.adapterNamespaces.filter((ns) => ns !== namespace),
    })),
    removeNetwork: assign(({ context }, { caipNetworkId }: { caipNetworkId: CaipNetworkId }) =>
      withoutNetwork(context, caipNetworkId),
    ),
    addNetwork: assign(({ context }, { network }: { network: Network }) =>
      withNetwork(context, network),
    ),
    pushSwitchNetwork: emit((_, { network }: { network: Network }) => ({
      type: 'navigate' as const,
      action: 'push' as const,
      route: route('SwitchNetwork', { network }),
    })),
    pushSwitchActiveChain: emit((_, { network }: { network: Network }) => ({
      type: 'navigate' as const,
      action: 'push' as const,
      route: route('SwitchActiveChain', {
        switchToChain: network.chainNamespace,
        navigateTo: 'Connect',
        navigateWithReplace: true,
        network,
      }),
    })),
    navigateAfterChainSwitch: emit(
      (_, p: { navigateTo?: ViewName; navigateWithReplace?: boolean }) => ({
        type: 'navigate' as const,
        action: p.navigateWithReplace ? ('replace' as const) : ('push' as const),
        // The SwitchActiveChain flow targets views without data (Connect).
        route: { view: p.navigateTo ?? 'Connect' } as Route,
      }),
    ),
    goBack: emit({ type: 'navigate', action: 'goBack' }),
    openUnsupportedChain: emit({
      type: 'navigate',
      action: 'open',
      route: route('UnsupportedChain'),
    }),
  },
}).createMachine({
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
