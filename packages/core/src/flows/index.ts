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
export { emailLoginMachine, type EmailLoginStep } from './email/email-login.machine.js'
export type {
  ConnectEmailAction,
  EmailLoginContext,
  EmailLoginEmitted,
  EmailLoginEvent,
  EmailLoginInput,
  LoginStorage,
} from './email/email-login.types.js'
export { EMAIL_FLOW_IDLE, sameEmailFlowView, type EmailFlowView } from './code-flow.js'
export { selectEmailLogin, type EmailLoginSnapshot } from './email/email.selectors.js'
export { startEmailLogin } from './email/email.views.js'
export {
  updateEmailMachine,
  type UpdateEmailAction,
  type UpdateEmailContext,
  type UpdateEmailEmitted,
  type UpdateEmailEvent,
  type UpdateEmailInput,
} from './update-email/update-email.machine.js'
export {
  selectEmailUpdate,
  type UpdateEmailSnapshot,
} from './update-email/update-email.selectors.js'
export { selectApproval, type ApprovalsSnapshot } from './approve/approve.selectors.js'
