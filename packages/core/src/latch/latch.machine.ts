import { sendTo } from 'xstate'
import { messageFor } from '../errors/catalogue.js'
import { runningOf } from './latch.setup.js'
import { latchRunSetup } from './run-wiring.js'

export type { LatchRootInput } from './latch.setup.js'

/**
 * The root of one Latch instance: its cross-cutting children (spawned here, so their refs are
 * typed) and the chart that wires them, and a `flow` region that runs the flow of the view on
 * show, whichever it is (flows/flow.ts, flows/list.ts). Children never talk to each other:
 * listeners report what they do, and this chart says what follows; a flow talks to them through
 * its port. The machines start at once, since they are pure; the I/O (storage, wallets,
 * reconnect, the flows' machines) only starts with START. packages/core/ARCHITECTURE.md.
 */
export const latchMachine = latchRunSetup.createMachine({
  id: 'latch',
  context: ({ input, spawn }) => ({
    connection: spawn('connection', { id: 'connection', systemId: 'connection' }),
    network: spawn('network', { id: 'network', systemId: 'network', input: input.network }),
    modal: spawn('modal', { id: 'modal', systemId: 'modal', input: input.modal }),
    toast: spawn('toast', { id: 'toast', systemId: 'toast' }),
    walletConnect: spawn('walletConnect', { id: 'walletConnect', systemId: 'walletConnect' }),
    accountData: spawn('accountData', { id: 'accountData', systemId: 'accountData' }),
    io: input.io,
    flows: input.flows,
    created: [],
    services: {},
    connectors: {},
    alerts: [...input.alerts],
    features: input.features,
    featuresInput: input.featuresInput,
    theme: input.theme,
    recentWallets: [],
    loggedOutWhileStarting: false,
  }),
  // From creation on, in every state: a network chosen in a view shown before the instance runs
  // still opens SwitchNetwork, whose flow starts once it does.
  invoke: { src: 'relayNavigation', input: ({ context }) => ({ network: context.network }) },
  on: {
    'network.navigate': { actions: { type: 'navigate', params: ({ event }) => event } },
    ALERT: { actions: { type: 'addAlert', params: ({ event }) => event } },
    ALERT_CLEARED: { actions: { type: 'removeAlert', params: ({ event }) => event } },
    // From any call to the server, in any state (the directory may be asked before START).
    SERVER_FORBIDDEN: { actions: 'alertInvalidAppConfiguration' },
    // The theme changes live, in every state: the views follow it, and no flow is touched (no
    // reconnect, no re-created instance).
    SET_THEME: { actions: { type: 'assignTheme', params: ({ event }) => event } },
    // Settles from every state: the connection machine ends each of its states on DISCONNECT,
    // and closing the modal stops whatever flow the view on show was running.
    DISCONNECT: { actions: ['disconnectEverything', 'closeModal'] },
  },
  initial: 'idle',
  states: {
    // The phone check is a fact, not I/O: the modal has it before it can be opened.
    idle: { on: { START: { target: 'starting', actions: 'tellModalIsMobile' } } },
    /** The I/O is its own chunk (runtime.ts), loaded now: none of it is in the start-up JS. */
    starting: {
      on: { DISCONNECT: { actions: ['disconnectEverything', 'closeModal', 'rememberLogout'] } },
      invoke: {
        src: 'loadRuntime',
        onDone: {
          target: 'running',
          actions: [
            { type: 'assignRuntime', params: ({ event }) => event.output },
            { type: 'createFlows', params: ({ event }) => event.output },
          ],
        },
        // Not loaded (offline?): the instance stays as it was; start() may try again.
        onError: 'idle',
      },
    },
    running: {
      type: 'parallel',
      entry: ['restoreActiveNetwork', 'reconnectOnLoad'],
      invoke: [
        {
          id: 'listen',
          src: 'listen',
          input: ({ context }) => {
            const { connection, network, modal, toast, walletConnect, accountData } = context
            const children = { connection, network, modal, toast, walletConnect, accountData }
            const { runtime, readers } = runningOf(context)
            return { runtime, readers, children, io: context.io }
          },
        },
        {
          // SPEC §3/§8: remote flags win over local ones, with a notice when that ignores the
          // host's; SPEC §7: a failed fetch keeps the local values.
          src: 'fetchProjectConfig',
          onDone: {
            actions: {
              type: 'applyRemoteConfig',
              params: ({ event }: { event: { output: unknown } }) => event.output,
            },
          },
          // Handled, so the failure stays here: the local values are kept. A 403 also says the
          // project or the page's origin is refused (SPEC §8 'Invalid App Configuration').
          onError: [
            {
              guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
              actions: 'alertInvalidAppConfiguration',
            },
            { actions: [] },
          ],
        },
      ],
      on: {
        STOP: 'idle',
        REFRESH_BALANCE: { actions: 'refreshBalance' },
        REMOVE_ADAPTER: { actions: { type: 'removeAdapter', params: ({ event }) => event } },
        CONNECTORS_CHANGED: {
          actions: [{ type: 'storeConnectors', params: ({ event }) => event }, 'tellRunConnectors'],
        },
        CONNECTION_FACTS: {
          actions: { type: 'tellConnectionFacts', params: ({ event }) => event },
        },
        NETWORK_FACTS: { actions: { type: 'tellNetworkFacts', params: ({ event }) => event } },
        'balance.accountData': {
          actions: { type: 'storeAccountData', params: ({ event }) => event },
        },
        'balance.unavailable': { actions: 'toastBalanceUnavailable' },
        'identity.profile': { actions: { type: 'storeAccountData', params: ({ event }) => event } },
        // SPEC §8: the history failed; the machine already shows its fallback, an empty list.
        'accountData.historyFailed': {
          actions: sendTo(({ context }) => context.toast, {
            type: 'SHOW',
            toast: {
              code: 'FAILED_TO_FETCH_TRANSACTIONS',
              message: messageFor('FAILED_TO_FETCH_TRANSACTIONS'),
              variant: 'error',
            },
          }),
        },
        ACCOUNT_TARGET: {
          actions: sendTo(
            ({ context }) => context.accountData,
            ({ event }) => ({ type: 'TARGET' as const, target: event.target }),
          ),
        },
        'connection.connected': {
          actions: [
            { type: 'followWalletChain', params: ({ event }) => event },
            { type: 'rememberConnection', params: ({ event }) => event },
          ],
        },
        'connection.disconnected': {
          actions: { type: 'forgetConnection', params: ({ event }) => event },
        },
        'connection.reconnectAbandoned': {
          actions: { type: 'forgetCandidates', params: ({ event }) => event },
        },
        // SPEC §2: a failed switch goes back (often closing the modal): a toast says why.
        'network.switchFailed': {
          actions: { type: 'toastSwitchFailure', params: ({ event }) => event },
        },
        'network.networkChanged': {
          actions: { type: 'rememberActiveNetwork', params: ({ event }) => event },
        },
        ADAPTER_EVENT: { actions: { type: 'forwardAdapterEvent', params: ({ event }) => event } },
        WALLETCONNECT_SESSION_DELETED: { actions: 'dropWalletConnectConnections' },
      },
      states: {
        /**
         * The run of the flow the view on show belongs to (flows/list.ts): entering starts its
         * actors, leaving stops them. No transition here may `reenter`: in a parallel state that
         * would re-enter the sibling regions too. A target child is exited and entered again.
         */
        flow: {
          initial: 'none',
          on: {
            ROUTE_SHOWN: [
              // Another route of the run on show (the same key): it goes on, and is told.
              {
                guard: { type: 'continuesRun', params: ({ event }) => event },
                actions: [
                  { type: 'assignFlowRoute', params: ({ event }) => event },
                  { type: 'tellRunRoute', params: ({ event }) => event },
                ],
              },
              {
                guard: { type: 'startsRun', params: ({ event }) => event },
                target: '.run',
                actions: { type: 'assignFlowRoute', params: ({ event }) => event },
              },
              {
                target: '.none',
                actions: { type: 'assignFlowRoute', params: ({ event }) => event },
              },
            ],
            START_FLOW: [
              // The flow is on show already (a second click): its run takes the request.
              {
                guard: { type: 'isRunOnShow', params: ({ event }) => event },
                actions: { type: 'tellRunRequest', params: ({ event }) => event },
              },
              {
                target: '.run',
                actions: { type: 'assignRunRequest', params: ({ event }) => event },
              },
            ],
            // destroy(): the run releases what it holds before everything stops.
            DESTROY: '.none',
          },
          states: {
            none: {},
            /**
             * A flow's run (flows/flow.ts): entering starts its actors, leaving tells them END
             * and stops them; RETRY and the run's other routes reach them.
             */
            run: {
              entry: 'startRun',
              exit: 'stopRun',
              on: { RETRY: { actions: { type: 'tellRun', params: { type: 'RETRY' } } } },
            },
          },
        },
        /** An approved WalletConnect session is lent to the adapters, then connected. */
        session: {
          initial: 'idle',
          on: {
            'walletConnect.approved': {
              target: '.attaching',
              actions: { type: 'assignApprovedSession', params: ({ event }) => event },
            },
          },
          states: {
            idle: {},
            attaching: {
              invoke: {
                src: 'attachSession',
                input: ({ context }) => context.approvedSession!,
                onDone: {
                  target: 'idle',
                  actions: { type: 'connectSession', params: ({ event }) => event.output },
                },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
})
