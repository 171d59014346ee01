import type { ActorRef, ActorRefFromLogic, AnyActorLogic, InputFrom, Snapshot } from 'xstate'
import type { ResolvedFeatures, ResolvedOptions } from '../options/schema.js'
import type { Route, ViewName } from '../router/routes.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import type { ConnectorsByNamespace } from '../wallets/wallet-item.js'
import type { FlowControlEvent } from './control-event.js'
import type { LatchChildren } from './children.js'
import type { FlowPort, LatchIo } from './port.js'

/*
 * The contract every flow keeps (packages/core/ARCHITECTURE.md): a descriptor in the start-up JS
 * (its views, its host methods, its message keys) and a runtime part loaded with the running
 * instance (its machines). The root knows flows only through this contract, and a flow knows the
 * instance only through its port: neither imports the other.
 */

export type { FlowControlEvent } from './control-event.js'

/** A run's actor, as the root sees it: it takes the control events. */
export type FlowRef = ActorRef<Snapshot<unknown>, FlowControlEvent>
/** A flow's instance-long actor, as the root sees it: the root sends it nothing. */
export type ServiceRef = ActorRef<Snapshot<unknown>, never>

/** A run's named actors (what views and hosts read: `{ socialLogin }`). */
export type FlowRefs = { readonly [name: string]: FlowRef | undefined }
/** A flow's named instance-long actors (`{ sendForm, pendingTransactions }`). */
export type ServiceRefs = { readonly [name: string]: ServiceRef | undefined }

/**
 * Spawns a child of the root, so its lifetime follows the chart and the root's inspector sees
 * it. `systemId` names it in the actor system (one of a name at a time).
 */
export type FlowSpawner = <TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: { systemId?: string; input: InputFrom<TLogic> },
) => ActorRefFromLogic<TLogic>

/** What a flow's runtime part is given once, when the instance first runs. */
export interface FlowStart {
  readonly spawn: FlowSpawner
  readonly port: FlowPort
}

/** What a run is started with. */
export interface FlowRun {
  /** The run's own spawner: what it spawns is stopped when the run ends. */
  readonly spawn: FlowSpawner
  /** The route on show when the run started; `undefined` for a run a host started (START_FLOW). */
  readonly route: Route | undefined
  /** What START_FLOW carried, for the flow to validate (each flow has its request's schema). */
  readonly request: unknown
  /** The wallets discovered so far. */
  readonly connectors: ConnectorsByNamespace
}

/** A flow's runtime part for one instance: its instance-long actors, and how a run starts. */
export interface FlowInstance<Refs extends FlowRefs, Services extends ServiceRefs> {
  /** Spawned when the instance first runs; they live as long as it does. */
  readonly services: Services
  /**
   * One run: spawns the run's actors (with `run.spawn`) and names them. The root stops every
   * one when the run ends (its view left, the modal closed, another flow started).
   */
  start(run: FlowRun): Refs
}

/** A flow's runtime part: made once per instance, when it first runs. */
export type FlowRuntime<Refs extends FlowRefs, Services extends ServiceRefs> = (
  start: FlowStart,
) => FlowInstance<Refs, Services>

/**
 * What a flow's host methods may use of the instance. `Services` and `Refs` are the slices of
 * the root's actors the flow reads (its own, by their names); the root hands all of them.
 */
export interface HostContext<Services extends object = object, Refs extends object = object> {
  readonly options: ResolvedOptions
  readonly children: LatchChildren
  readonly io: LatchIo
  /** Starts the instance if needed; resolves once it runs. */
  ready(): Promise<void>
  /** Whether the instance runs (its runtime loaded). */
  isRunning(): boolean
  /** The instance-long actors of every flow; empty until the instance runs. */
  services(): Services
  /** The actors of the run on show, if any. */
  runRefs(): Refs
  /** The instance's storage, once it runs. */
  storage(): LatchStorage | undefined
  /** What the flows reach (flows/port.ts), once the instance runs. */
  port(): FlowPort | undefined
  /** The features in force (the host's options, overridden by the project's remote config). */
  features(): ResolvedFeatures
  /** Starts `flow` (it is not started by a view): a run of it replaces the one on show. */
  startFlow(flow: string, request?: unknown): void
}

/**
 * A flow's descriptor: one per folder (`flows/<flow>/<flow>.flow.ts`), listed once
 * (`flows/index.ts`). Only this is in the host's start-up JS; `load` brings the rest.
 */
export interface FlowModule<
  Id extends string,
  Refs extends FlowRefs,
  Services extends ServiceRefs,
  Host extends object,
  Context extends HostContext = HostContext,
> {
  /** The flow's name, as `selectFlow` reports it while a run is on show. */
  readonly id: Id
  /** The views whose showing starts a run (leaving them ends it). */
  readonly views: readonly ViewName[]
  /**
   * Two routes with the same key are one run: moving between them does not restart it (the QR
   * view and its basic one). Default: every route of the flow is one run, keyed by `id`.
   */
  readonly key?: (route: Route) => string
  /** The runtime part, in its own chunk (the root loads it with the running instance). */
  readonly load: () => Promise<FlowRuntime<Refs, Services>>
  /** The methods it adds to the instance (`latch.connectSocial`, `latch.send`…). */
  readonly host: (context: Context) => Host
  /**
   * The catalogue namespaces of its views' strings (`'view.Send.'`): React's catalogue holds
   * their keys, in every locale, and a flow's views use no key outside them.
   */
  readonly messages: readonly string[]
}

/** Any flow module, as lists hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds flows of any context
export type AnyFlowModule = FlowModule<string, FlowRefs, ServiceRefs, object, any>

/* eslint-disable @typescript-eslint/no-explicit-any -- read off any module, whatever its types */
/** The id of a module type. */
export type FlowIdOf<M> = M extends FlowModule<infer Id, any, any, any, any> ? Id : never
/** A module's run actors, by name. */
export type FlowRefsOf<M> = M extends FlowModule<string, infer Refs, any, any, any> ? Refs : never
/** A module's instance-long actors, by name. */
export type FlowServicesOf<M> =
  M extends FlowModule<string, any, infer Services, any, any> ? Services : never
/** The methods a module adds to the instance. */
export type FlowHostOf<M> = M extends FlowModule<string, any, any, infer Host, any> ? Host : never
/** What a module's host methods need of the instance. */
export type FlowContextOf<M> =
  M extends FlowModule<string, any, any, any, infer Context> ? Context : never
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Defines a flow module, checked against the contract (its types inferred). */
export function defineFlow<
  const Id extends string,
  Refs extends FlowRefs,
  Services extends ServiceRefs,
  Host extends object,
  Context extends HostContext = HostContext,
>(
  module: FlowModule<Id, Refs, Services, Host, Context>,
): FlowModule<Id, Refs, Services, Host, Context> {
  return module
}
