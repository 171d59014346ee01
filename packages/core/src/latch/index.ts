export {
  createLatch,
  type Latch,
  type LatchActor,
  type LatchEnvironment,
  type OpenOptions,
} from './create-latch.js'
export type { LatchRootContext, LatchRootEvent } from './latch.machine.js'
export { createPageActions, type PageTransaction } from './page-actions.js'
