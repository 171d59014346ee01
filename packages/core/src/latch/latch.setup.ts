import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { Connector } from '../connector/connector.js'
import { createAlert, type Alert, type AlertCode } from '../errors/alerts.js'
import { isLatchError, LatchError } from '../errors/latch-error.js'
import { messageFor } from '../errors/catalogue.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { connectionMachine } from '../machines/connection.machine.js'
import type { AccountData } from '../machines/connection.types.js'
import { accountDataMachine } from '../machines/account-data.machine.js'
import { modalMachine } from '../machines/modal.machine.js'
import { networkMachine } from '../machines/network.machine.js'
import { selectActiveNamespace } from '../machines/network-rules.js'
import type { ConnectionFacts } from '../machines/network-rules.js'
import { toastMachine } from '../machines/toast.machine.js'
import type { LatchTheme } from '../options/theme.js'
import type { Route } from '../router/routes.js'
import { WALLETCONNECT_CONNECTOR_ID, type WalletConnectSession } from '../walletconnect/contract.js'
import { walletConnectMachine } from '../walletconnect/walletconnect.machine.js'
import type { AdapterEvent } from '../adapter/contract.js'
import { toModalEvent, type Navigation } from './facts.js'
import { listenActor } from './listen-actor.js'
import { relayNavigation } from './relay-navigation.js'
import type { LatchRootContext } from './root-context.js'
import type { LatchRootEvent } from './root-events.js'
import type { LatchRootInput } from './root-input.js'
import type { Runtime } from './runtime.js'

export type { LatchRootInput } from './root-input.js'

type RouteParams = { route: Route | undefined }

/** An alert is shown once, however often its problem is reported. */
const withAlert = (alerts: readonly Alert[], alert: Alert) =>
  alerts.some((a) => a.code === alert.code) ? alerts : [...alerts, alert]

/** The started instance's I/O: every state that uses it is entered only once it is loaded. */
export function runtimeOf(context: LatchRootContext): Runtime {
  if (!context.runtime) throw new LatchError('UNKNOWN_ERROR')
  return context.runtime
}

/** The running instance's I/O and the current account's readers (spawned with it). */
export function runningOf(context: LatchRootContext) {
  const { balance, identity } = context
  if (!balance || !identity) throw new LatchError('UNKNOWN_ERROR')
  return { runtime: runtimeOf(context), readers: { balance, identity } }
}

/**
 * The root's vocabulary: its children, the actors it invokes, and the guards and actions its
 * chart (latch.machine.ts) names. Each action is one effect on one child, or on storage.
 */
export const latchSetup = setup({
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
    walletConnect: walletConnectMachine,
    accountData: accountDataMachine,
    /** Loads the started instance's I/O (its own chunk); the root provides the real one. */
    loadRuntime: fromPromise<Runtime>(async () => {
      throw new LatchError('UNKNOWN_ERROR')
    }),
    /** The listeners (listeners.ts, in the runtime chunk), as one invoked actor. */
    listen: listenActor,
    /** The network's navigation, relayed from creation on (views can be shown before START). */
    relayNavigation,
    /**
     * SPEC §7 GET /appkit/v1/config from the instance's Latch server (`serverUrl`), or the
     * environment's stand-in; the root provides it (server-services.ts). None by default.
     */
    fetchProjectConfig: fromPromise<unknown>(async () => undefined),
    /** Lends an approved session to the adapters; the root provides the instance's link. */
    attachSession: fromPromise<WalletConnectSession, WalletConnectSession>(async () => {
      throw new LatchError('WALLET_CONNECT_CONNECTOR_NOT_FOUND')
    }),
  },
  guards: {
    /** The server refused the call with a 403 (see `requestJson`). */
    forbidden: (_, { error }: { error: unknown }) =>
      isLatchError(error, 'INVALID_APP_CONFIGURATION'),
  },
  actions: {
    addAlert: assign(({ context }, { alert }: { alert: Alert }) => ({
      alerts: withAlert(context.alerts, alert),
    })),
    removeAlert: assign(({ context }, { code }: { code: AlertCode }) => ({
      alerts: context.alerts.filter((alert) => alert.code !== code),
    })),
    /** SPEC §8: the server refused the project or the page's origin. */
    alertInvalidAppConfiguration: assign(({ context }) => ({
      alerts: withAlert(context.alerts, createAlert('INVALID_APP_CONFIGURATION')),
    })),
    assignRuntime: assign((_, runtime: Runtime) => ({
      runtime,
      recentWallets: runtime.storage.getRecentWallets(),
    })),
    applyRemoteConfig: assign(({ context }, response: unknown) => {
      const merged = runtimeOf(context).remoteFeatures(
        context.features,
        context.featuresInput,
        response,
      )
      return {
        features: merged.features,
        alerts: merged.notice ? withAlert(context.alerts, merged.notice) : context.alerts,
      }
    }),
    assignTheme: assign((_, { theme }: { theme: LatchTheme }) => ({ theme })),
    assignFlowRoute: assign((_, { route }: RouteParams) => ({ flowRoute: route })),
    storeConnectors: assign(
      ({ context }, p: { namespace: ChainNamespace; connectors: readonly Connector[] }) => ({
        connectors: { ...context.connectors, [p.namespace]: p.connectors },
      }),
    ),
    assignApprovedSession: assign((_, { session }: { session: WalletConnectSession }) => ({
      approvedSession: session,
    })),

    // Start-up.
    tellModalIsMobile: enqueueActions(({ context, enqueue }) =>
      enqueue.sendTo(context.modal, {
        type: 'FACTS_UPDATED',
        facts: { isMobile: context.io.isMobile() },
      }),
    ),
    restoreActiveNetwork: enqueueActions(({ context, enqueue }) => {
      const saved = runtimeOf(context).storage.get('activeCaipNetworkId')
      if (saved)
        enqueue.sendTo(context.network, { type: 'RESTORE_ACTIVE_NETWORK', caipNetworkId: saved })
    }),
    reconnectOnLoad: enqueueActions(({ context, enqueue }) => {
      const runtime = runtimeOf(context)
      const request = runtime.reconnectRequest(context.io)
      if (context.loggedOutWhileStarting) {
        // The host logged out before the instance ran: the last visit's wallets are forgotten,
        // exactly as a logout during reconnect-on-load forgets them.
        enqueue(() => runtime.forgetCandidates({ candidates: request.remembered }))
        enqueue.assign({ loggedOutWhileStarting: false })
      } else if (context.io.reconnect) enqueue.sendTo(context.connection, request)
    }),
    rememberLogout: assign({ loggedOutWhileStarting: true }),

    // Facts: what one machine's state means for the others.
    tellConnectionFacts: enqueueActions(
      ({ context, enqueue }, p: { isConnected: boolean; network: ConnectionFacts }) => {
        enqueue.sendTo(context.modal, {
          type: 'FACTS_UPDATED',
          facts: { isConnected: p.isConnected },
        })
        enqueue.sendTo(context.network, { type: 'FACTS_UPDATED', ...p.network })
      },
    ),
    tellNetworkFacts: enqueueActions(
      (
        { context, enqueue },
        p: { activeNamespace?: ChainNamespace; isUnsupportedChain: boolean },
      ) => {
        enqueue.sendTo(context.modal, {
          type: 'FACTS_UPDATED',
          facts: { activeNamespace: p.activeNamespace, isUnsupportedChain: p.isUnsupportedChain },
        })
        // The current account is the active namespace's.
        if (p.activeNamespace)
          enqueue.sendTo(context.connection, {
            type: 'ACTIVE_NAMESPACE',
            namespace: p.activeNamespace,
          })
        enqueue(() => runtimeOf(context).rememberLastUsedChain(p))
      },
    ),
    storeAccountData: enqueueActions(
      (
        { context, enqueue },
        { namespace, data }: { namespace: ChainNamespace; data: AccountData },
      ) => enqueue.sendTo(context.connection, { type: 'ACCOUNT_DATA_UPDATED', namespace, data }),
    ),
    toastBalanceUnavailable: enqueueActions(({ context, enqueue }) =>
      enqueue.sendTo(context.toast, {
        type: 'SHOW',
        toast: {
          code: 'TOKEN_BALANCE_UNAVAILABLE',
          message: messageFor('TOKEN_BALANCE_UNAVAILABLE'),
          variant: 'error',
        },
      }),
    ),

    // Wallet events.
    /**
     * The wallet's chain decides the active network of its namespace. A wallet the user just
     * connected also makes its namespace the active one; a reconnect on load leaves the
     * remembered active network as it was.
     */
    followWalletChain: enqueueActions(
      (
        { context, enqueue },
        p: {
          connection: { namespace: ChainNamespace; chainReference: string }
          reconnected: boolean
        },
      ) =>
        enqueue.sendTo(context.network, {
          type: p.reconnected ? 'WALLET_CHAIN_CHANGED' : 'WALLET_CONNECTED',
          namespace: p.connection.namespace,
          chainReference: p.connection.chainReference,
        }),
    ),
    forwardAdapterEvent: enqueueActions(
      ({ context, enqueue }, p: { namespace: ChainNamespace; event: AdapterEvent }) => {
        const { namespace, event } = p
        switch (event.type) {
          case 'accountsChanged':
            enqueue.sendTo(context.connection, {
              type: 'ACCOUNTS_CHANGED',
              namespace,
              connectorId: event.connectorId,
              accounts: event.accounts,
            })
            return
          case 'chainChanged':
            enqueue.sendTo(context.connection, {
              type: 'CHAIN_CHANGED',
              namespace,
              connectorId: event.connectorId,
              chainReference: event.chainReference,
            })
            enqueue.sendTo(context.network, {
              type: 'WALLET_CHAIN_CHANGED',
              namespace,
              chainReference: event.chainReference,
            })
            return
          case 'disconnect':
            enqueue.sendTo(context.connection, {
              type: 'WALLET_DISCONNECTED',
              namespace,
              connectorId: event.connectorId,
            })
            return
          case 'connectorsChanged': {
            const connectors = { ...context.connectors, [namespace]: event.connectors }
            enqueue.assign({ connectors })
            // The run on show may be waiting for one of them (ConnectingExternal).
            for (const ref of Object.values(context.run?.refs ?? {}))
              if (ref) enqueue.sendTo(ref, { type: 'CONNECTORS', connectors })
          }
        }
      },
    ),
    /** The wallet ended the session: every namespace it covered disconnects. */
    dropWalletConnectConnections: enqueueActions(({ context, enqueue }) => {
      for (const c of context.connection.getSnapshot().context.connections) {
        if (c.connectorId !== WALLETCONNECT_CONNECTOR_ID) continue
        enqueue.sendTo(context.connection, {
          type: 'WALLET_DISCONNECTED',
          connectorId: c.connectorId,
          namespace: c.namespace,
        })
      }
    }),
    connectSession: enqueueActions(({ context, enqueue }, session: WalletConnectSession) => {
      const event = runtimeOf(context).sessionConnectEvent(
        session,
        selectActiveNamespace(context.network.getSnapshot()),
      )
      if (event) enqueue.sendTo(context.connection, event)
    }),

    // Navigation and what the user is told.
    navigate: enqueueActions(({ context, enqueue }, request: Navigation) =>
      enqueue.sendTo(context.modal, toModalEvent(request)),
    ),
    toastSwitchFailure: enqueueActions(({ context, enqueue }, { error }: { error: LatchError }) =>
      enqueue.sendTo(context.toast, {
        type: 'SHOW',
        toast: {
          message: error.message,
          code: error.code,
          // Only a text with placeholders carries values.
          ...(Object.keys(error.values).length > 0 ? { values: error.values } : {}),
          variant: 'error',
        },
      }),
    ),
    /**
     * The host removed the adapter of `namespace`: its connections end, its wallets leave the
     * lists, its discovery stops, and the network moves to another adapter's if it was active.
     */
    removeAdapter: enqueueActions(
      ({ context, enqueue }, { namespace }: { namespace: ChainNamespace }) => {
        enqueue.sendTo(context.connection, { type: 'DISCONNECT', all: true, namespace })
        enqueue.sendTo('listen', { type: 'ADAPTER_REMOVED', namespace })
        enqueue.assign({
          connectors: Object.fromEntries(
            Object.entries(context.connectors).filter(([key]) => key !== namespace),
          ),
        })
        enqueue.sendTo(context.network, { type: 'ADAPTER_REMOVED', namespace })
      },
    ),
    disconnectEverything: enqueueActions(({ context, enqueue }) =>
      enqueue.sendTo(context.connection, { type: 'DISCONNECT', all: true }),
    ),
    closeModal: enqueueActions(({ context, enqueue }) =>
      enqueue.sendTo(context.modal, { type: 'CLOSE' }),
    ),

    // The flows the views imply.
    // Storage.
    rememberConnection: enqueueActions(
      ({ context, enqueue }, p: Parameters<Runtime['rememberConnection']>[0]) => {
        const runtime = runtimeOf(context)
        enqueue(() => runtime.rememberConnection(p))
        // The Connect view lists them: the root keeps them, so the view follows.
        if (!p.reconnected) enqueue.assign({ recentWallets: runtime.storage.getRecentWallets() })
      },
    ),
    forgetConnection: enqueueActions(
      ({ context, enqueue }, p: Parameters<Runtime['forgetConnection']>[0]) =>
        enqueue(() => runtimeOf(context).forgetConnection(p)),
    ),
    forgetCandidates: enqueueActions(
      ({ context, enqueue }, p: Parameters<Runtime['forgetCandidates']>[0]) =>
        enqueue(() => runtimeOf(context).forgetCandidates(p)),
    ),
    rememberActiveNetwork: enqueueActions(
      ({ context, enqueue }, p: Parameters<Runtime['rememberActiveNetwork']>[0]) =>
        enqueue(() => runtimeOf(context).rememberActiveNetwork(p)),
    ),
  },
})
