import { assign, emit, setup } from 'xstate'
import type { FlowControlEvent } from '../../../flows/flow.js'

/** What a greeting's run is started with: whom it greets. */
export interface GreetingInput {
  readonly name: string
}

/** What a run says. */
export const greetingOf = (name: string) => `Hello, ${name}`

/**
 * A flow made for the tests of the flow contract (greeting.flow.test.ts): its run greets, and
 * greets again on each RETRY, and says when the root ends it. It talks to nothing else.
 */
export const greetingMachine = setup({
  types: {
    input: {} as GreetingInput,
    context: {} as GreetingInput & { greetings: number },
    events: {} as FlowControlEvent,
    emitted: {} as { type: 'greeted'; text: string } | { type: 'ended' },
  },
  actions: {
    count: assign({ greetings: ({ context }) => context.greetings + 1 }),
    tell: emit(({ context }) => ({ type: 'greeted' as const, text: greetingOf(context.name) })),
  },
}).createMachine({
  id: 'greeting',
  context: ({ input }) => ({ ...input, greetings: 0 }),
  entry: ['count', 'tell'],
  on: {
    RETRY: { actions: ['count', 'tell'] },
    END: { actions: emit({ type: 'ended' as const }) },
  },
})
