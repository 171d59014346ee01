export {
  createLatch,
  type Latch,
  type LatchActor,
  type LatchCore,
  type LatchWith,
  type ConnectOptions,
  type LatchEnvironment,
  type OpenOptions,
} from './create-latch.js'
export type { LatchRootContext } from './root-context.js'
export type { LatchRootEvent } from './root-events.js'
export type { BuiltInHost, RootRefs, RootRun, RootServices } from './flow-types.js'
export { ASYNC_INJECTION_WAIT_MS } from '../flows/connect-external/injection-wait.js'
export {
  selectConnectFlowPhase,
  selectFlow,
  selectPendingTransactionsActor,
  selectSendForm,
} from './root-selectors.js'
export { createPageActions, type PageTransaction } from './page-actions.js'
