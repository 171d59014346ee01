import type { ActorRefFrom } from 'xstate'
import type { FlowRuntime } from '../flow.js'
import { approvalsMachine } from './approvals.machine.js'
import { approveRunMachine } from './approve.machine.js'

/** The ApproveTransaction view's run, while it is on show. */
export type ApproveRefs = {
  readonly approvingTransaction?: ActorRefFrom<typeof approveRunMachine>
}

/** The approvals' watcher, for the instance's life. */
export type ApproveServices = { readonly approvals: ActorRefFrom<typeof approvalsMachine> }

/** The approval flow's runtime part: the watcher now, a run per ApproveTransaction on show. */
export const approveRuntime: FlowRuntime<ApproveRefs, ApproveServices> = ({ spawn, port }) => {
  const input = { modal: port.modal, auth: port.io.auth }
  return {
    services: { approvals: spawn(approvalsMachine, { systemId: 'approvals', input }) },
    start: (run) => ({
      approvingTransaction: run.spawn(approveRunMachine, {
        systemId: 'approvingTransaction',
        input,
      }),
    }),
  }
}
