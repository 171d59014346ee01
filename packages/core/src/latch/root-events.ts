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
import type { LatchTheme } from '../options/theme.js'
import type { WalletConnectEmitted } from '../walletconnect/walletconnect.machine.js'

export type { LatchChildren } from '../flows/children.js'
export type { LatchIo } from '../flows/port.js'

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
