import type {
  AnyFlowModule,
  FlowHostOf,
  FlowInstance,
  FlowRefs,
  FlowRefsOf,
  FlowRuntime,
  FlowServicesOf,
  HostContext,
  ServiceRefs,
} from '../flows/flow.js'
import type { FlowList } from '../flows/flow-list.js'
import type { BuiltInFlows } from '../flows/list.js'

/*
 * The flow contract (flows/flow.ts) as the root holds it: the built-in list's actors by name,
 * typed for whoever reads them (views, hosts, tests), and any other list's by the contract alone.
 */

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never

/** The modules of a list type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host methods, any context
export type ModulesOf<List> = List extends FlowList<infer M, any, any> ? M : never

type BuiltInModule = ModulesOf<BuiltInFlows>

/** Every built-in flow's run actors, by name (`socialLogin`, `switchingNetwork`…). */
export type BuiltInRefs = UnionToIntersection<FlowRefsOf<BuiltInModule>>
/** Every built-in flow's instance-long actors, by name (`sendForm`, `pendingTransactions`…). */
export type BuiltInServices = UnionToIntersection<FlowServicesOf<BuiltInModule>>
/** The methods the built-in flows add to an instance. */
export type BuiltInHost = UnionToIntersection<FlowHostOf<BuiltInModule>>

/** The actors of the run on show: the built-ins' typed, any other flow's by the contract. */
export type RootRefs = Partial<BuiltInRefs> & FlowRefs
/** Every flow's instance-long actors. */
export type RootServices = Partial<BuiltInServices> & ServiceRefs

/** The run on show: its flow, its key (two routes of one key are one run), its actors. */
export interface RootRun {
  readonly id: string
  readonly key: string
  readonly refs: RootRefs
}

/** A flow's runtime part, loaded with the running instance. */
export interface LoadedFlow {
  readonly module: AnyFlowModule
  readonly runtime: FlowRuntime<RootRefs, RootServices>
}

/** A flow's runtime part, made for this instance. */
export interface CreatedFlow {
  readonly module: AnyFlowModule
  readonly instance: FlowInstance<RootRefs, RootServices>
}

/** What the root hands the flows' host methods. */
export type RootHostContext = HostContext<RootServices, RootRefs>
