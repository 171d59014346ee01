import { LatchError } from '../../errors/latch-error.js'
import { selectActiveCaipNetworkId } from '../../machines/network-rules.js'
import type { HostNetwork } from '../../network/network.js'
import { defineFlow } from '../flow.js'

/**
 * Switching network (SPEC §2, §4): the SwitchNetwork view's run asks the wallet. The Networks
 * list and the host's `switchNetwork` reach it through the network machine, whose rules pick
 * the confirming view (SwitchNetwork, or SwitchActiveChain for a namespace with no wallet yet).
 */
export const switchNetworkFlow = defineFlow({
  id: 'switchingNetwork',
  views: ['SwitchNetwork'],
  // A switch to another network is another run: the one under way is dropped first.
  key: (route) =>
    route.view === 'SwitchNetwork'
      ? `switch:${route.data.network.caipNetworkId}`
      : 'switchingNetwork',
  load: () => import('./switch-network.runtime.js').then((m) => m.switchNetworkRuntime),
  host: (context) => ({
    /**
     * Switches network (SPEC §4 rules pick the confirming view, which asks the wallet, adding an
     * unknown chain and retrying). Resolves once the network is active; rejects with the
     * wallet's error, with USER_REJECTED when the modal is closed first, or
     * CHAIN_NOT_CONFIGURED. The network is matched by caipNetworkId among `networks` (so one
     * passed without `rpcUrls` is switched to with its server RPC).
     */
    async switchNetwork(requested: HostNetwork): Promise<void> {
      const { networks } = context.options
      const target = networks.find((n) => n.caipNetworkId === requested.caipNetworkId)
      if (!target) throw new LatchError('CHAIN_NOT_CONFIGURED')
      // Running first: the view it asks for is routed by the started instance.
      await context.ready()
      const { network } = context.children
      // SPEC §4: the same network: nothing happens.
      if (selectActiveCaipNetworkId(network.getSnapshot()) === target.caipNetworkId) return
      const { networkSwitched } = await import('../host-promises.js')
      const switched = networkSwitched(context.children, target)
      // The network machine picks the confirming view; showing it starts the switch.
      network.send({ type: 'SWITCH_NETWORK', network: target })
      return switched
    },
  }),
  messages: [
    'view.Networks.',
    'view.SwitchActiveChain.',
    'view.SwitchNetwork.',
    'view.UnsupportedChain.',
  ],
})
