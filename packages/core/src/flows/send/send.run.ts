import { fromCallback, sendTo, setup } from 'xstate'
import type { FlowControlEvent } from '../flow.js'
import type { SendActor } from './send.machine.js'

/** What a Send view's run is started with: the form (the flow's, for the instance's life). */
export interface SendRunInput {
  readonly sendForm: SendActor
}

/**
 * The Send view's run: showing it checks the form again (its fee estimated); Retry sends again
 * after a failure; stopping the run (the view left) stops an estimate or a name resolution in
 * flight, never a send at the wallet. The form itself outlives the view (SPEC §4 keeps it until
 * a switch to another namespace resets it).
 */
export const sendRunMachine = setup({
  types: {
    input: {} as SendRunInput,
    context: {} as SendRunInput,
    events: {} as FlowControlEvent,
  },
  actors: {
    hideOnStop: fromCallback<FlowControlEvent, SendActor>(
      ({ input }) =>
        () =>
          input.send({ type: 'HIDE' }),
    ),
  },
  actions: {
    show: sendTo(({ context }) => context.sendForm, { type: 'SHOW' }),
    retry: sendTo(({ context }) => context.sendForm, { type: 'RETRY' }),
  },
}).createMachine({
  id: 'sending',
  context: ({ input }) => input,
  entry: 'show',
  invoke: { src: 'hideOnStop', input: ({ context }) => context.sendForm },
  on: { RETRY: { actions: 'retry' } },
})
