import { defineFlow, type HostContext } from '../flow.js'
import type { ApproveServices } from './approve.runtime.js'

/**
 * SPEC §2: an unsafe request of the embedded wallet (a signature, a transaction) waits for the
 * visitor's approval, given in the secure frame's own UI; ApproveTransaction says what is asked
 * meanwhile. The watcher shows it when the frame asks and leaves it when the frame is done.
 */
export const approveFlow = defineFlow({
  id: 'approvingTransaction',
  views: ['ApproveTransaction'],
  load: () => import('./approve.runtime.js').then((m) => m.approveRuntime),
  host: (context: HostContext<Partial<ApproveServices>>) => ({
    /**
     * The approvals' watcher: `selectApproval` reads the request waiting in the secure frame (its
     * id and method). `undefined` until the instance runs.
     */
    get approvals() {
      return context.services().approvals
    },
  }),
  messages: ['view.ApproveTransaction.'],
})
