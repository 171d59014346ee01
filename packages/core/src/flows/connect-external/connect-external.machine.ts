import { assign, enqueueActions, fromCallback, setup } from 'xstate'
import { selectActiveNamespace, selectActiveNetwork } from '../../machines/network-rules.js'
import { findConnectTarget, type ConnectorsByNamespace } from '../../wallets/wallet-item.js'
import type { LatchChildren } from '../children.js'
import type { FlowControlEvent } from '../flow.js'
import { ASYNC_INJECTION_WAIT_MS } from './injection-wait.js'

/** What a ConnectingExternal run is started with. */
export interface ConnectExternalInput {
  readonly connection: LatchChildren['connection']
  readonly network: LatchChildren['network']
  /** The wallet the route names. */
  readonly connectorId: string
  /** The wallets discovered so far. */
  readonly connectors: ConnectorsByNamespace
}

type ConnectExternalContext = ConnectExternalInput

/** The wallet the run asks, once an adapter has discovered it (the active namespace's first). */
const targetOf = (context: ConnectExternalContext) =>
  findConnectTarget(
    context.connectors,
    context.connectorId,
    selectActiveNamespace(context.network.getSnapshot()),
  )

/**
 * The ConnectingExternal view's run: ask the wallet the route names, once it is discovered
 * (`findingWallet`, at most SPEC §9's 1 s; then `walletNotFound` says it is not there, and it
 * is still asked if it shows up later). Retry asks again; stopping the run (the view left)
 * abandons a connect still under way, so the wallet's call is aborted.
 */
export const connectExternalRunMachine = setup({
  types: {
    input: {} as ConnectExternalInput,
    context: {} as ConnectExternalContext,
    events: {} as FlowControlEvent,
  },
  actors: {
    /** Nothing while the run lives; its cleanup abandons the connect under way with the wallet. */
    abandonOnStop: fromCallback<FlowControlEvent, ConnectExternalInput>(
      ({ input }) =>
        () =>
          input.connection.send({ type: 'CANCEL', connectorId: input.connectorId }),
    ),
  },
  delays: { WALLET_DISCOVERY_WAIT: ASYNC_INJECTION_WAIT_MS },
  guards: {
    walletFound: ({ context }) => targetOf(context) !== undefined,
  },
  actions: {
    assignConnectors: assign(({ event }) =>
      event.type === 'CONNECTORS' ? { connectors: event.connectors } : {},
    ),
    /** Asks the wallet unless an attempt with it is already under way (or it is connected). */
    askWallet: enqueueActions(({ context, enqueue }, p: { again: boolean }) => {
      const target = targetOf(context)
      if (!target) return
      // Under way (pending) or done (connected) with this wallet: the route was shown again.
      const { pending, connections } = context.connection.getSnapshot().context
      const id = target.connector.id
      const busy = pending?.connector.id === id || connections.some((c) => c.connectorId === id)
      if (busy && !p.again) return
      const preferredNetwork = selectActiveNetwork(context.network.getSnapshot(), target.namespace)
      enqueue.sendTo(context.connection, {
        type: 'CONNECT',
        connector: target.connector,
        namespace: target.namespace,
        ...(preferredNetwork ? { preferredNetwork } : {}),
      })
    }),
  },
}).createMachine({
  id: 'connectingExternal',
  context: ({ input }) => input,
  invoke: { src: 'abandonOnStop', input: ({ context }) => context },
  on: { CONNECTORS: { actions: 'assignConnectors' } },
  initial: 'findingWallet',
  states: {
    findingWallet: {
      always: { guard: 'walletFound', target: 'asking' },
      after: { WALLET_DISCOVERY_WAIT: 'walletNotFound' },
    },
    /** The view says the wallet is not there; it is asked if it shows up later. */
    walletNotFound: { always: { guard: 'walletFound', target: 'asking' } },
    asking: {
      entry: { type: 'askWallet', params: { again: false } },
      on: { RETRY: { actions: { type: 'askWallet', params: { again: true } } } },
    },
  },
})
