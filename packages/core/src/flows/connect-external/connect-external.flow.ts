import { defineFlow } from '../flow.js'

/**
 * Connecting a discovered wallet (SPEC §2, §4): the ConnectingExternal view's run asks the
 * wallet it names, once an adapter has discovered it. `latch.connect({ connectorId })` opens
 * that view, so a host's connect is the same run a visitor's click starts.
 */
export const connectExternalFlow = defineFlow({
  id: 'connectingExternal',
  views: ['ConnectingExternal'],
  // Another wallet is another run (the attempt with the first is abandoned).
  key: (route) =>
    route.view === 'ConnectingExternal'
      ? `connect:${route.data.connectorId}`
      : 'connectingExternal',
  load: () => import('./connect-external.runtime.js').then((m) => m.connectExternalRuntime),
  host: () => ({}),
  messages: ['view.ConnectingExternal.'],
})
