import { sendTo } from 'xstate'
import { messageFor } from '../errors/catalogue.js'
import { latchDirectorySetup } from './directory-wiring.js'
import { runningOf } from './latch.setup.js'
import type { LatchRootEvent } from './root-events.js'
import type { RouteFlow } from './route-flows.js'

export type { LatchRootInput } from './latch.setup.js'

type RouteShown = Extract<LatchRootEvent, { type: 'ROUTE_SHOWN' }>

/** On ROUTE_SHOWN: a route that starts `flow` (route-flows.ts) enters that flow's state. */
const startFlow = <Flow extends RouteFlow>(flow: Flow) => ({
  guard: {
    type: 'startsFlow' as const,
    params: ({ event }: { event: RouteShown }) => ({ route: event.route, flow }),
  },
  target: `.${flow}` as const,
  actions: {
    type: 'assignFlowRoute' as const,
    params: ({ event }: { event: RouteShown }) => event,
  },
})

/**
 * The root of one Latch instance: its children (spawned here, so their refs are typed) and the
 * chart that wires them. Children never talk to each other: listeners report what they do, and
 * this chart says what follows. Flows start from the route on show (route-flows.ts). The
 * machines start at once, since they are pure; the I/O (storage, wallets, reconnect) only starts
 * with START. The pattern is written down in packages/core/ARCHITECTURE.md.
 */
export const latchMachine = latchDirectorySetup.createMachine({
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
    DISCONNECT: { actions: ['disconnectEverything', 'closeModal', 'clearPending'] },
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
            'spawnSendMachines',
            'spawnSocialLogin',
            'spawnFarcasterLogin',
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
            const { sendForm, pendingTransactions, socialLogin, farcasterLogin } = context
            const send = { sendForm, pendingTransactions }
            const [social, farcaster] = [{ socialLogin }, { farcasterLogin }]
            const { runtime, readers } = runningOf(context)
            return { runtime, readers, children, io: context.io, send, social, farcaster }
          },
        },
        // Issue 16: the first open paints its wallets in its first frame, with nothing to load.
        { src: 'warmWalletList' },
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
        WALLET_LIST_WANTED: { guard: 'nextOpenShowsConnect', actions: 'loadWalletList' },
        REFRESH_BALANCE: { actions: sendTo('listen', { type: 'REFRESH_BALANCE' }) },
        REMOVE_ADAPTER: { actions: { type: 'removeAdapter', params: ({ event }) => event } },
        CONNECTORS_CHANGED: {
          actions: [{ type: 'storeConnectors', params: ({ event }) => event }, 'tellRunConnectors'],
        },
        CONNECTION_FACTS: {
          actions: [
            { type: 'tellConnectionFacts', params: ({ event }) => event },
            // Nothing connected any more: no transaction is followed.
            { type: 'clearPending', params: ({ event }) => event },
          ],
        },
        // The send flow (send-wiring.ts): the form follows the account and its balances.
        SEND_ACCOUNT: {
          actions: {
            type: 'tellSendForm',
            params: ({ event }) => ({ type: 'ACCOUNT', account: event.account }),
          },
        },
        SEND_BALANCES: {
          actions: {
            type: 'tellSendForm',
            params: ({ event }) => ({ ...event, type: 'BALANCES' }),
          },
        },
        // SPEC §4: a switch to another namespace resets the send form.
        'network.sendFormReset': { actions: { type: 'tellSendForm', params: { type: 'RESET' } } },
        'send.sent': {
          actions: [
            { type: 'afterSend', params: ({ event }) => event },
            { type: 'watchSent', params: ({ event }) => event },
          ],
        },
        // The Send view shows a failure itself (the form is kept, with Retry); else a toast.
        'send.failed': [
          { guard: 'sendViewShown' },
          { actions: { type: 'toastSendFailure', params: ({ event }) => event } },
        ],
        'pendingTransactions.toast': {
          actions: { type: 'showToast', params: ({ event }) => event },
        },
        // A followed transaction ended: what it spent or moved shows now, past the caches (a read
        // at the hash alone can come before the block, and the cache would then keep it 30 s).
        'pendingTransactions.settled': { actions: sendTo('listen', { type: 'REFRESH_BALANCE' }) },
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
            // A social or Farcaster login waits for its AUTH connection (issue 12).
            {
              type: 'tellAuthLogins',
              params: ({ event }) => ({
                type: 'CONNECTED',
                connectorId: event.connection.connectorId,
              }),
            },
          ],
        },
        'connection.connectFailed': {
          actions: {
            type: 'tellAuthLogins',
            params: ({ event }) => ({ type: 'CONNECT_FAILED', error: event.error }),
          },
        },
        // The social login (social-wiring.ts): the click's popup, the session, the failures.
        SOCIAL_LOGIN: { actions: { type: 'chooseSocial', params: ({ event }) => event } },
        'social.loggedIn': { actions: 'connectAuthConnector' },
        'social.failed': { actions: { type: 'afterSocialFailure', params: ({ event }) => event } },
        // Sign in with Farcaster (farcaster-wiring.ts): its failures stay on its view, with Retry.
        FARCASTER_LOGIN: { actions: 'chooseFarcaster' },
        'farcaster.loggedIn': { actions: 'connectAuthConnector' },
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
         * The flow the view on show implies (route-flows.ts): entering starts it, leaving stops
         * it. No transition here may `reenter`: in a parallel state that would re-enter the
         * sibling regions too. A target child is exited and entered again anyway.
         */
        flow: {
          initial: 'none',
          on: {
            ROUTE_SHOWN: [
              {
                guard: { type: 'continuesRun', params: ({ event }) => event },
                actions: [
                  { type: 'assignFlowRoute', params: ({ event }) => event },
                  {
                    type: 'tellRun',
                    params: ({ event }) =>
                      event.route ? { type: 'ROUTE', route: event.route } : { type: 'RETRY' },
                  },
                ],
              },
              {
                guard: { type: 'continuesFlow', params: ({ event }) => event },
                actions: { type: 'assignFlowRoute', params: ({ event }) => event },
              },
              {
                guard: { type: 'startsRun', params: ({ event }) => event },
                target: '.run',
                actions: { type: 'assignFlowRoute', params: ({ event }) => event },
              },
              startFlow('choosingWallet'),
              startFlow('browsingWallets'),
              startFlow('sending'),
              startFlow('connectingSocial'),
              startFlow('connectingFarcaster'),
              {
                target: '.none',
                actions: { type: 'assignFlowRoute', params: ({ event }) => event },
              },
            ],
            START_FLOW: {
              target: '.run',
              actions: { type: 'assignRunRequest', params: ({ event }) => event },
            },
          },
          states: {
            none: {},
            /**
             * A flow's run (flows/flow.ts): entering starts its actors, leaving stops them, RETRY
             * and the run's other routes reach them.
             */
            run: {
              entry: 'startRun',
              exit: 'stopRun',
              on: { RETRY: { actions: { type: 'tellRun', params: { type: 'RETRY' } } } },
            },
            /** Connect: its wallet list (wallets to recommend, the full list's count) loads. */
            choosingWallet: { entry: 'loadWalletList' },
            /** AllWallets: a directory browse of its own (search, pages) lives while on show. */
            browsingWallets: {
              entry: 'startBrowsingWallets',
              exit: 'stopBrowsingWallets',
              on: { RETRY: { actions: 'retryBrowsingWallets' } },
            },
            /**
             * Send: showing it checks the form again (its fee estimated); leaving it stops an
             * estimate or a name resolution in flight, never a send at the wallet.
             */
            sending: {
              entry: { type: 'tellSendForm', params: { type: 'SHOW' } },
              exit: { type: 'tellSendForm', params: { type: 'HIDE' } },
              on: { RETRY: { actions: { type: 'tellSendForm', params: { type: 'RETRY' } } } },
            },
            /**
             * ConnectingSocial (issue 12): the social login runs while it is on show, with the
             * popup the visitor's click opened; leaving it closes the popup. RETRY opens another
             * (a host's retry from its own click; the view retries through connectSocial).
             */
            connectingSocial: {
              entry: 'startSocialLogin',
              exit: 'stopSocialLogin',
              on: { RETRY: { actions: { type: 'tellSocialLogin', params: { type: 'RETRY' } } } },
            },
            /** ConnectingFarcaster (issue 12): a sign-in (a channel) lives while it is on show. */
            connectingFarcaster: {
              entry: 'startFarcasterLogin',
              exit: 'stopFarcasterLogin',
              on: { RETRY: { actions: { type: 'tellFarcasterLogin', params: { type: 'RETRY' } } } },
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
