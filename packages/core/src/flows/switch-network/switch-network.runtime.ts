import type { ActorRefFrom } from 'xstate'
import type { FlowRuntime } from '../flow.js'
import { switchNetworkRunMachine } from './switch-network.machine.js'

/** The SwitchNetwork view's run, while it is on show. */
export type SwitchNetworkRefs = {
  readonly switchingNetwork?: ActorRefFrom<typeof switchNetworkRunMachine>
}

/** The switch flow's runtime part: a run per network the SwitchNetwork view names. */
export const switchNetworkRuntime: FlowRuntime<SwitchNetworkRefs, Record<never, never>> = ({
  port,
}) => ({
  services: {},
  start({ spawn, route }) {
    if (route?.view !== 'SwitchNetwork') return {}
    const input = { network: port.network, target: route.data.network }
    return {
      switchingNetwork: spawn(switchNetworkRunMachine, { systemId: 'switchingNetwork', input }),
    }
  },
})
