import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import type { NetworkRequest } from '../adapter/contract.js'
import { LatchError, isUnrecognizedChainError, toLatchError } from '../errors/index.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'
import { route, type NavigationRequest, type Route, type ViewName } from '../router/routes.js'
import {
  activeCaipNetworkIdOf,
  connectionOf,
  findNetwork,
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
  /**
   * The user connected a wallet (not a reconnect on load): its namespace becomes the active one,
   * on the wallet's chain, as picking a Solana wallet while on EVM means using Solana.
   */
  | { type: 'WALLET_CONNECTED'; namespace: ChainNamespace; chainReference: string }
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

export function pendingInput({ context }: { context: NetworkContext }): PendingSwitch {
  // Only the switching states invoke, and they are entered with a pending switch.
  if (!context.pendingSwitch) throw new LatchError('CAIP_NETWORK_UNDEFINED')
  return context.pendingSwitch
}

const activationOfPending = ({ context }: { context: NetworkContext }): Activation | undefined =>
  context.pendingSwitch && {
    namespace: context.pendingSwitch.network.chainNamespace,
    caipNetworkId: context.pendingSwitch.network.caipNetworkId,
  }

/** A connected wallet's chain, as the active network it makes. */
export const walletActivation = (p: {
  namespace: ChainNamespace
  chainReference: string
}): Activation => ({
  namespace: p.namespace,
  caipNetworkId: toCaipNetworkId(p.namespace, p.chainReference),
})

export const switchSucceeded = [
  { type: 'activateNetwork', params: activationOfPending },
  'goBack',
] as const

export const switchFailed = {
  type: 'failSwitch',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/** The network machine's vocabulary; its chart is network.machine.ts. */
export const networkSetup = setup({
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
    /** Like isUnsupportedChain, for a namespace about to become the active one. */
    isUnsupportedInNamespace: (
      { context },
      p: { namespace: ChainNamespace; chainReference: string },
    ) => isUnsupportedIn(context, toCaipNetworkId(p.namespace, p.chainReference)),
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
    /** Its networks go with it: the Networks view offers none no adapter can serve. */
    removeAdapter: assign(({ context }, { namespace }: { namespace: ChainNamespace }) => ({
      adapterNamespaces: context.adapterNamespaces.filter((ns) => ns !== namespace),
      networks: context.networks.filter((network) => network.chainNamespace !== namespace),
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
})
