import type { ActorRefFrom } from 'xstate'
import * as z from 'zod/mini'
import type { FlowRuntime } from '../../../flows/flow.js'
import { greetingMachine } from './greeting.machine.js'

/** What a host's greeting (START_FLOW) carries. */
export const greetingRequestSchema = z.object({ name: z.string() })

/** The greeting's run, while its view (or the host's request) is on show. */
export type GreetingRefs = { readonly greeting?: ActorRefFrom<typeof greetingMachine> }

/** The greeting flow's runtime part: a run per name. */
export const greetingRuntime: FlowRuntime<GreetingRefs, Record<never, never>> = () => ({
  services: {},
  start({ spawn, route, request }) {
    const asked = greetingRequestSchema.safeParse(request)
    const name = asked.success ? asked.data.name : route?.view === 'Greeting' ? route.data.name : ''
    return { greeting: spawn(greetingMachine, { systemId: 'greeting', input: { name } }) }
  },
})
