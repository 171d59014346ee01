// The flow modules (packages/core/ARCHITECTURE.md): the contract, the list, and what views and
// hosts read of each flow.
export {
  defineFlow,
  type AnyFlowModule,
  type FlowControlEvent,
  type FlowInstance,
  type FlowModule,
  type FlowRef,
  type FlowRefs,
  type FlowRun,
  type FlowRuntime,
  type FlowSpawner,
  type FlowStart,
  type HostContext,
  type ServiceRef,
  type ServiceRefs,
} from './flow.js'
export { flowList, FlowList, type AnyFlowList } from './flow-list.js'
export { builtInFlows, type BuiltInFlows } from './list.js'
export type { LatchChildren } from './children.js'
export type { BalanceActor, FlowPort, IdentityActor, LatchIo } from './port.js'
export {
  selectConnectPhase,
  type ConnectExternalSnapshot,
} from './connect-external/connect-external.selectors.js'
export { selectPairingWallet, type PairingRunSnapshot } from './pairing/pairing.selectors.js'
