import { assign, enqueueActions, setup } from 'xstate'
import type { Connector } from '../connector/connector.js'
import type { Alert } from '../errors/alerts.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { connectionMachine } from '../machines/connection.machine.js'
import { modalMachine, type ModalInput } from '../machines/modal.machine.js'
import { networkMachine, type NetworkMachineInput } from '../machines/network.machine.js'
import { toastMachine } from '../machines/toast.machine.js'
import { walletConnectMachine } from '../walletconnect/walletconnect.machine.js'
import { mergeRemoteFeatures, parseRemoteFeatures } from '../options/remote-features.js'
import type { LatchOptions, ResolvedFeatures } from '../options/schema.js'
import { bridge, type BridgeEvent, type BridgeInput } from './bridge.js'

export interface LatchRootInput {
  network: NetworkMachineInput
  modal: ModalInput
  alerts: readonly Alert[]
  /** The features in force: the host's, with defaults applied. */
  features: ResolvedFeatures
  /** What the host set explicitly, to tell which local settings a remote config overrides. */
  featuresInput: LatchOptions['features']
}

export interface LatchRootContext {
  network: NetworkMachineInput
  modal: ModalInput
  /** Connectors each adapter has discovered (SPEC §3 Connector). */
  connectors: Partial<Record<ChainNamespace, readonly Connector[]>>
  /** Problems with the host's setup, shown in the modal (SPEC §8 alerts). */
  alerts: readonly Alert[]
  features: ResolvedFeatures
  featuresInput: LatchOptions['features']
}

export type LatchRootEvent =
  | { type: 'START'; bridge: BridgeInput }
  | { type: 'STOP' }
  | { type: 'ALERT'; alert: Alert }
  /** SPEC §7 GET /appkit/v1/config answered; the body is validated here, at the boundary. */
  | { type: 'REMOTE_CONFIG_RECEIVED'; response: unknown }
  | BridgeEvent

/**
 * The root of one Latch instance's actor system. Its children are registered under system ids
 * (`connection`, `network`, `modal`, `toast`, `walletConnect`) so views bind to them by name. The machines start
 * at once, since they are pure; the I/O (storage, wallets, reconnect) only starts with START.
 */
export const latchMachine = setup({
  types: {
    context: {} as LatchRootContext,
    events: {} as LatchRootEvent,
    input: {} as LatchRootInput,
  },
  actions: {
    addAlert: assign(({ context }, { alert }: { alert: Alert }) => ({
      alerts: context.alerts.some((a) => a.code === alert.code)
        ? context.alerts
        : [...context.alerts, alert],
    })),
  },
  actors: {
    connection: connectionMachine,
    network: networkMachine,
    modal: modalMachine,
    toast: toastMachine,
    walletConnect: walletConnectMachine,
    bridge,
  },
}).createMachine({
  id: 'latch',
  context: ({ input }) => ({
    network: input.network,
    modal: input.modal,
    connectors: {},
    alerts: [...input.alerts],
    features: input.features,
    featuresInput: input.featuresInput,
  }),
  invoke: [
    { id: 'connection', systemId: 'connection', src: 'connection' },
    { id: 'network', systemId: 'network', src: 'network', input: ({ context }) => context.network },
    { id: 'modal', systemId: 'modal', src: 'modal', input: ({ context }) => context.modal },
    { id: 'toast', systemId: 'toast', src: 'toast' },
    { id: 'walletConnect', systemId: 'walletConnect', src: 'walletConnect' },
  ],
  on: {
    ALERT: { actions: { type: 'addAlert', params: ({ event }) => ({ alert: event.alert }) } },
    REMOTE_CONFIG_RECEIVED: {
      // SPEC §3/§8: remote flags win over local ones, with a notice when that ignores the host's.
      actions: enqueueActions(({ context, event, enqueue }) => {
        const remote = parseRemoteFeatures(event.response)
        const { features, notice } = mergeRemoteFeatures(
          context.features,
          context.featuresInput,
          remote,
        )
        enqueue.assign({ features })
        if (notice) enqueue({ type: 'addAlert', params: { alert: notice } })
      }),
    },
  },
  initial: 'idle',
  states: {
    idle: { on: { START: 'running' } },
    running: {
      invoke: {
        id: 'bridge',
        src: 'bridge',
        input: ({ event }) => (event as Extract<LatchRootEvent, { type: 'START' }>).bridge,
      },
      on: {
        STOP: 'idle',
        CONNECTORS_CHANGED: {
          actions: assign(({ context, event }) => ({
            connectors: { ...context.connectors, [event.namespace]: event.connectors },
          })),
        },
      },
    },
  },
})
