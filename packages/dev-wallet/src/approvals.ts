import { userRejected } from './errors.js'
import { createApprovalQueue, type ApprovalQueue } from './kit/approval-queue.js'
import type { ApprovalMode } from './types.js'

/** The user's side of the wallet: answers consent requests by mode, or queues them. */
export type Approvals = Omit<ApprovalQueue, 'requests'>

/** The shared queue (`@latch/dev-wallet/kit`), rejecting with this wallet's 4001 error. */
export function createApprovals(initial: ApprovalMode): Approvals {
  return createApprovalQueue(initial, { userRejected })
}
