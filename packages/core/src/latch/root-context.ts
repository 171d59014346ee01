import type { LatchChildren } from '../flows/children.js'
import type { AnyFlowList } from '../flows/flow-list.js'
import type { BalanceActor, FlowPort, IdentityActor, LatchIo } from '../flows/port.js'
import type { Connector } from '../connector/connector.js'
import type { Alert } from '../errors/alerts.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { LatchOptions, ResolvedFeatures } from '../options/schema.js'
import type { LatchTheme } from '../options/theme.js'
import type { Route } from '../router/routes.js'
import type { RecentWallet } from '../storage/keys.js'
import type { WalletConnectSession } from '../walletconnect/contract.js'
import type { CreatedFlow, RootRun, RootServices } from './flow-types.js'
import type { Runtime } from './runtime.js'

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
