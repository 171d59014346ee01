import type { ActorRefFrom } from 'xstate'
import type { FlowRuntime } from '../flow.js'
import { connectExternalRunMachine } from './connect-external.machine.js'

/** The ConnectingExternal view's run, while it is on show. */
export type ConnectExternalRefs = {
  readonly connectingExternal?: ActorRefFrom<typeof connectExternalRunMachine>
}

/** The flow's runtime part: a run per wallet the ConnectingExternal view names. */
export const connectExternalRuntime: FlowRuntime<ConnectExternalRefs, Record<never, never>> = ({
  port,
}) => ({
  services: {},
  start({ spawn, route, connectors }) {
    if (route?.view !== 'ConnectingExternal') return {}
    const input = {
      connection: port.connection,
      network: port.network,
      connectorId: route.data.connectorId,
      connectors,
    }
    return {
      connectingExternal: spawn(connectExternalRunMachine, {
        systemId: 'connectingExternal',
        input,
      }),
    }
  },
})
