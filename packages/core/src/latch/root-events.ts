import type { LatchChildren } from '../flows/children.js'
import type { AnyFlowList } from '../flows/flow-list.js'
import type { BalanceActor, FlowPort, IdentityActor, LatchIo } from '../flows/port.js'
import type { CreatedFlow, RootRun, RootServices } from './flow-types.js'
import type { AdapterEvent } from '../adapter/contract.js'
import type { BalanceEmitted } from '../balances/balance.machine.js'
import type { Connector } from '../connector/connector.js'
import type { Alert, AlertCode } from '../errors/alerts.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { ConnectionEmitted } from '../machines/connection.types.js'
import type { NetworkMachineEmitted } from '../machines/network.machine.js'
import type { ConnectionFacts } from '../machines/network-rules.js'
import type { AccountDataEmitted, AccountDataTarget } from '../machines/account-data.types.js'
import type { IdentityEmitted } from '../machines/identity.machine.js'
import type { Route } from '../router/routes.js'
import type { RecentWallet } from '../storage/keys.js'
import type { LatchOptions, ResolvedFeatures } from '../options/schema.js'
import type { LatchTheme } from '../options/theme.js'
import type { WalletConnectSession } from '../walletconnect/contract.js'
import type { WalletConnectEmitted } from '../walletconnect/walletconnect.machine.js'
import type { Runtime } from './runtime.js'

export type { LatchChildren } from '../flows/children.js'
export type { LatchIo } from '../flows/port.js'

/** The root's context: its children, what it reaches outside, and what its chart decides on. */
export interface LatchRootContext extends LatchChildren {
  io: LatchIo
  /** The flows this instance runs (flows/index.ts, unless the environment named others). */
  flows: AnyFlowList
  /** Their runtime parts, made for this instance once it runs (empty before). */
  created: readonly CreatedFlow[]
  /** Their instance-long actors (empty before the instance runs). */
  services: RootServices
  /** The run on show (flows/flow.ts): its flow, its key and its actors. */
  run?: RootRun
  /** A run a host or a view asked for without its view (START_FLOW), until it starts. */
  flowRequest?: { flow: string; request: unknown }
  /** The current account's balance reader, spawned once the instance runs. */
  balance?: BalanceActor
  /** The current account's name and avatar reader, spawned with the balance reader. */
  identity?: IdentityActor
  /** What the flows reach (flows/port.ts), made once the instance runs. */
  port?: FlowPort
  /** Connectors each adapter has discovered (SPEC §3 Connector). */
  connectors: Partial<Record<ChainNamespace, readonly Connector[]>>
  /** Problems with the host's setup, shown in the modal (SPEC §8 alerts). */
  alerts: readonly Alert[]
  /** The features in force: the host's options, overridden by the project's remote config. */
  features: ResolvedFeatures
  /** What the host set explicitly, to tell which local settings a remote config overrides. */
  featuresInput: LatchOptions['features']
  /** The theme in force (SPEC §3 theme sync): the views read it live, so a change needs no reconnect. */
  theme: LatchTheme
  /** The route whose flow is running (see route-flows.ts). */
  flowRoute?: Route
  /** The WalletConnect session being lent to the adapters before it connects. */
  approvedSession?: WalletConnectSession
  /** The started instance's I/O (storage, listeners), loaded by START. */
  runtime?: Runtime
  /** SPEC §3 recent wallets (at most 2, most recent first), as storage last had them. */
  recentWallets: readonly RecentWallet[]
  /** The host logged out while the runtime was loading: nothing is reconnected on load. */
  loggedOutWhileStarting: boolean
}

/**
 * An event a child emitted, relayed to the root under `child.type`. The root's chart, not the
 * child, decides what it means for the others.
 */
type Relayed<Child extends string, E extends { type: string }> = E extends unknown
  ? Omit<E, 'type'> & { type: `${Child}.${E['type']}` }
  : never

export type RelayedEvent =
  | Relayed<'connection', Exclude<ConnectionEmitted, { type: 'accountReset' }>>
  | Relayed<'network', NetworkMachineEmitted>
  | Relayed<'walletConnect', WalletConnectEmitted>
  | Relayed<'balance', BalanceEmitted>
  | Relayed<'identity', IdentityEmitted>
  | Relayed<'accountData', AccountDataEmitted>

export type LatchRootEvent =
  | { type: 'START' }
  | { type: 'STOP' }
  | { type: 'ALERT'; alert: Alert }
  /** What the alert said is over (e.g. the embedded wallet answers again): it leaves the modal. */
  | { type: 'ALERT_CLEARED'; code: AlertCode }
  /**
   * The Latch server answered 403 (an unknown project id, or a page origin the project does not
   * allow), to any call: SPEC §8's 'Invalid App Configuration' alert.
   */
  | { type: 'SERVER_FORBIDDEN' }
  /** The host changed the theme; the new one was validated at the boundary (create-latch.ts). */
  | { type: 'SET_THEME'; theme: LatchTheme }
  // The user's and the host's intents.
  /** Try again, on whichever flow the view on show runs (connect, switch, pairing). */
  | { type: 'RETRY' }
  /**
   * Starts `flow` without its view (a host's `latch.connectSocial`, the email field on Connect):
   * a run of it replaces the one on show; its views, once shown, continue the same run.
   */
  | { type: 'START_FLOW'; flow: string; request?: unknown }
  /** The host's or the user's logout: every connection, and every attempt in flight, ends. */
  | { type: 'DISCONNECT' }
  /** The account just spent (a send went through): its balances are read again. */
  | { type: 'REFRESH_BALANCE' }
  /** The host removed the adapter of a namespace (`latch.removeAdapter`). */
  | { type: 'REMOVE_ADAPTER'; namespace: ChainNamespace }
  /** The instance is being destroyed: the run on show releases what it holds. */
  | { type: 'DESTROY' }
  // What the listeners report (see listeners.ts).
  /** The view on show changed; `undefined` when the modal closed. */
  | { type: 'ROUTE_SHOWN'; route: Route | undefined }
  /** What the modal and the network machine need to know of the connections. */
  | { type: 'CONNECTION_FACTS'; isConnected: boolean; network: ConnectionFacts }
  | { type: 'NETWORK_FACTS'; activeNamespace?: ChainNamespace; isUnsupportedChain: boolean }
  | { type: 'CONNECTORS_CHANGED'; namespace: ChainNamespace; connectors: readonly Connector[] }
  | { type: 'ADAPTER_EVENT'; namespace: ChainNamespace; event: AdapterEvent }
  | { type: 'WALLETCONNECT_SESSION_DELETED' }
  /** The current account or its network changed: whose data the Account tabs show. */
  | { type: 'ACCOUNT_TARGET'; target: AccountDataTarget | undefined }
  | RelayedEvent
