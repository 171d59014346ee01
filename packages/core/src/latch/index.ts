export {
  createLatch,
  type Latch,
  type LatchActor,
  type ConnectOptions,
  type LatchEnvironment,
  type OpenOptions,
} from './create-latch.js'
export type {
  FarcasterChildren,
  LatchChildren,
  LatchRootContext,
  LatchRootEvent,
  SendChildren,
  SocialChildren,
} from './root-events.js'
export { ASYNC_INJECTION_WAIT_MS, routeFlows, type RouteFlow } from './route-flows.js'
export {
  selectConnectFlowPhase,
  selectFlow,
  selectPendingTransactionsActor,
  selectSendForm,
} from './root-selectors.js'
export { createPageActions, type PageTransaction } from './page-actions.js'
