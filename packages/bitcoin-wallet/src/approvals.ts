import { createApprovalQueue } from '@latch/dev-wallet/kit'
import { userRejected } from './errors.js'
import type { ApprovalPolicy } from './types.js'

// The log is for tests and the panel; a long-lived page must not grow it without bound.
const MAX_LOGGED = 200

/**
 * The user's side of the wallet, one queue for both faces: the dev wallets' shared queue
 * (`@latch/dev-wallet/kit`), keeping a request log and rejecting with this wallet's 4001 error.
 * Requests carry no params here: the summary is what a person decides on.
 */
export function createApprovals(initial: ApprovalPolicy) {
  const queue = createApprovalQueue(initial, { userRejected, logLimit: MAX_LOGGED })
  return {
    ...queue,
    ask: (method: string, summary: string) => queue.ask(method, undefined, summary),
  }
}

export type Approvals = ReturnType<typeof createApprovals>
