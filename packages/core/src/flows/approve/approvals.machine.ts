import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate'
import type { FrameApproval } from '../../auth/auth-frame.js'
import type { AuthRuntime } from '../../auth/auth-runtime.js'
import { selectModalState, selectRoute } from '../../machines/modal.selectors.js'
import { route } from '../../router/routes.js'
import type { LatchChildren } from '../children.js'
import type { LatchIo } from '../port.js'

/** What the approvals' watcher is started with. */
export interface ApprovalsInput {
  readonly modal: LatchChildren['modal']
  readonly auth: LatchIo['auth']
}

export interface ApprovalsContext extends ApprovalsInput {
  /** The loaded embedded wallet, whose frame is followed. */
  runtime?: AuthRuntime
  /** The approval waiting in the secure frame, if any (its id and method). */
  approval?: FrameApproval
}

export type ApprovalsEvent = { type: 'APPROVAL'; approval: FrameApproval | undefined }

/** Whether the modal shows ApproveTransaction now. */
const approvalShown = (modal: LatchChildren['modal']) => {
  const snapshot = modal.getSnapshot()
  return selectModalState(snapshot).open && selectRoute(snapshot).view === 'ApproveTransaction'
}

/**
 * SPEC §2: an unsafe request of the embedded wallet waits for the visitor's approval in the
 * secure frame, which shows itself above the modal while it asks (so no script on the page can
 * approve for the visitor). This watcher lives as long as the instance: once the frame is loaded
 * (by a login or a restored session; it loads nothing itself) it follows the frame's approvals,
 * shows ApproveTransaction when one comes, and leaves it when the frame says it is settled.
 */
export const approvalsMachine = setup({
  types: {
    input: {} as ApprovalsInput,
    context: {} as ApprovalsContext,
    events: {} as ApprovalsEvent,
  },
  actors: {
    frameLoaded: fromPromise<AuthRuntime, LatchIo['auth']>(({ input }) => input.loaded()),
    watchApprovals: fromCallback<ApprovalsEvent, AuthRuntime | undefined>(({ input, sendBack }) => {
      if (!input) return
      sendBack({ type: 'APPROVAL', approval: input.frame.approval })
      return input.frame.onApprovalChange((approval) => sendBack({ type: 'APPROVAL', approval }))
    }),
  },
  actions: {
    follow: enqueueActions(
      ({ context, enqueue }, { approval }: { approval: FrameApproval | undefined }) => {
        const before = context.approval
        enqueue.assign({ approval })
        if (approval && approval.id !== before?.id)
          enqueue.sendTo(context.modal, { type: 'PUSH', route: route('ApproveTransaction') })
        else if (!approval && before && approvalShown(context.modal))
          enqueue.sendTo(context.modal, { type: 'GO_BACK' })
      },
    ),
  },
}).createMachine({
  id: 'approvals',
  context: ({ input }) => input,
  initial: 'waitingForFrame',
  states: {
    waitingForFrame: {
      invoke: {
        src: 'frameLoaded',
        input: ({ context }) => context.auth,
        onDone: { target: 'watching', actions: assign({ runtime: ({ event }) => event.output }) },
      },
    },
    watching: {
      invoke: { src: 'watchApprovals', input: ({ context }) => context.runtime },
      on: { APPROVAL: { actions: { type: 'follow', params: ({ event }) => event } } },
    },
  },
})
