import { defineFlow, type HostContext } from '../../../flows/flow.js'
import type { GreetingRefs } from './greeting.runtime.js'

// The flow's own view, declared here: core's router learns of it from this folder alone.
declare module '../../../router/routes.js' {
  interface ViewDataMap {
    /** The greeting test flow's view (greeting.flow.test.ts). */
    Greeting: { name: string }
  }
}

/** A flow written for a test: one folder, and one entry in the list the test builds. */
export const greetingFlow = defineFlow({
  id: 'greeting',
  views: ['Greeting'],
  key: (route) => (route.view === 'Greeting' ? `greeting:${route.data.name}` : 'greeting'),
  load: () => import('./greeting.runtime.js').then((m) => m.greetingRuntime),
  host: (context: HostContext<object, GreetingRefs>) => ({
    /** The greeting's run, while one is on show. */
    get greeting() {
      return context.runRefs().greeting
    },
    /** Greets `name`: resolves with the greeting its run says. */
    async greet(name: string): Promise<string> {
      await context.ready()
      context.startFlow('greeting', { name })
      const snapshot = context.runRefs().greeting?.getSnapshot()
      if (!snapshot?.context.greetings) throw new Error('The greeting did not run')
      return `Hello, ${snapshot.context.name}`
    },
  }),
  messages: [],
})
