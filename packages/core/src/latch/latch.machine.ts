import { assign, setup } from 'xstate'
import type { Connector } from '../connector/connector.js'
import type { Alert } from '../errors/alerts.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { connectionMachine } from '../machines/connection.machine.js'
import { modalMachine, type ModalInput } from '../machines/modal.machine.js'
import { networkMachine, type NetworkMachineInput } from '../machines/network.machine.js'
import { toastMachine } from '../machines/toast.machine.js'
import { bridge, type BridgeEvent, type BridgeInput } from './bridge.js'

export interface LatchRootInput {
  network: NetworkMachineInput
  modal: ModalInput
  alerts: readonly Alert[]
}

export interface LatchRootContext {
  network: NetworkMachineInput
  modal: ModalInput
  /** Connectors each adapter has discovered (SPEC §3 Connector). */
  connectors: Partial<Record<ChainNamespace, readonly Connector[]>>
  /** Problems with the host's setup, shown in the modal (SPEC §8 alerts). */
  alerts: readonly Alert[]
}

export type LatchRootEvent =
  | { type: 'START'; bridge: BridgeInput }
  | { type: 'STOP' }
  | { type: 'ALERT'; alert: Alert }
  | BridgeEvent

/**
 * The root of one Latch instance's actor system. Its children are registered under system ids
 * (`connection`, `network`, `modal`, `toast`) so views bind to them by name. The machines start
 * at once, since they are pure; the I/O (storage, wallets, reconnect) only starts with START.
 */
export const latchMachine = setup({
  types: {
    context: {} as LatchRootContext,
    events: {} as LatchRootEvent,
    input: {} as LatchRootInput,
  },
  actors: {
    connection: connectionMachine,
    network: networkMachine,
    modal: modalMachine,
    toast: toastMachine,
    bridge,
  },
}).createMachine({
  id: 'latch',
  context: ({ input }) => ({
    network: input.network,
    modal: input.modal,
    connectors: {},
    alerts: [...input.alerts],
  }),
  invoke: [
    { id: 'connection', systemId: 'connection', src: 'connection' },
    { id: 'network', systemId: 'network', src: 'network', input: ({ context }) => context.network },
    { id: 'modal', systemId: 'modal', src: 'modal', input: ({ context }) => context.modal },
    { id: 'toast', systemId: 'toast', src: 'toast' },
  ],
  on: {
    ALERT: {
      actions: assign(({ context, event }) => ({
        alerts: context.alerts.some((a) => a.code === event.alert.code)
          ? context.alerts
          : [...context.alerts, event.alert],
      })),
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
