import { fromCallback, type EventObject } from 'xstate'
import type { LatchChildren, RelayedEvent } from './root-events.js'

type NavigationReport = Extract<RelayedEvent, { type: 'network.navigate' }>

/**
 * The network machine's navigation (a chosen network pushes SwitchNetwork, a switch that ends
 * goes back), reported to the root from the instance's creation on. A view can be on show before
 * the instance runs (the modal opens while the runtime chunk loads), and a choice made there
 * must reach the chart too: so this relay is not one of the runtime's listeners.
 */
export const relayNavigation = fromCallback<EventObject, Pick<LatchChildren, 'network'>>(
  ({ input, sendBack }) => {
    const subscription = input.network.on('navigate', (request) => {
      const report: NavigationReport =
        request.action === 'goBack'
          ? { type: 'network.navigate', action: 'goBack' }
          : { type: 'network.navigate', action: request.action, route: request.route }
      sendBack(report)
    })
    return () => subscription.unsubscribe()
  },
)
