import { enqueueActions, fromPromise, sendTo, setup } from 'xstate'
import type { AuthRuntime } from '../../auth/auth-runtime.js'
import type { LatchChildren } from '../children.js'
import type { FlowControlEvent } from '../flow.js'
import type { LatchIo } from '../port.js'

/** What an ApproveTransaction run is started with. */
export interface ApproveRunInput {
  readonly modal: LatchChildren['modal']
  readonly auth: LatchIo['auth']
}

/**
 * The ApproveTransaction view's run: the approval itself is the secure frame's own UI, shown
 * above the view while it asks (the approvals watcher shows and leaves the view as the frame
 * says). Opened by a host, the run loads the embedded wallet, and with nothing waiting for
 * approval there, goes back: the view would wait for nothing.
 */
export const approveRunMachine = setup({
  types: {
    input: {} as ApproveRunInput,
    context: {} as ApproveRunInput,
    events: {} as FlowControlEvent,
  },
  actors: {
    loadFrame: fromPromise<AuthRuntime, LatchIo['auth']>(({ input }) => input.runtime()),
  },
  actions: {
    leaveIfNothingWaits: enqueueActions(({ context, enqueue }, runtime: AuthRuntime) => {
      if (!runtime.frame.approval) enqueue.sendTo(context.modal, { type: 'GO_BACK' })
    }),
  },
}).createMachine({
  id: 'approvingTransaction',
  context: ({ input }) => input,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadFrame',
        input: ({ context }) => context.auth,
        onDone: {
          target: 'waiting',
          actions: { type: 'leaveIfNothingWaits', params: ({ event }) => event.output },
        },
        // No embedded wallet to load (no server): nothing to approve either.
        onError: {
          target: 'waiting',
          actions: sendTo(({ context }) => context.modal, { type: 'GO_BACK' }),
        },
      },
    },
    /** The frame shows the request; the watcher leaves the view once it is settled. */
    waiting: {},
  },
})
