// `@latch/dev-wallet/kit`: the chain-independent parts of a dev wallet, shared with
// @latch/solana-wallet. Browser-safe; the Node-only parts are `@latch/dev-wallet/kit/node`.
export { assertApprovalMode, createApprovalQueue } from './approval-queue.js'
export type {
  ApprovalMode,
  ApprovalQueue,
  ApprovalQueueOptions,
  ApprovalQueueState,
  ApprovalRequest,
  LoggedRequest,
} from './approval-queue.js'
export { mountApprovalPanelFor } from './approval-panel.js'
export type {
  ApprovalPanelLabels,
  ApprovalPanelOptions,
  ApprovalPanelSource,
} from './approval-panel.js'
