import { fromCallback, sendTo, setup } from 'xstate'
import type { Network } from '../../network/network.js'
import type { LatchChildren } from '../children.js'
import type { FlowControlEvent } from '../flow.js'

/** What a switch's run is started with: the network machine, and the network the view names. */
export interface SwitchRunInput {
  network: LatchChildren['network']
  target: Network
}

/**
 * The SwitchNetwork view's run (SPEC §2: showing the view is the confirmation). Starting it asks
 * the network machine to switch (which asks the wallet, adding an unknown chain and retrying);
 * Retry asks again; stopping it (the view left, the modal closed) drops a switch still waiting
 * for the wallet, whose late answer the network machine then ignores.
 */
export const switchNetworkRunMachine = setup({
  types: {
    input: {} as SwitchRunInput,
    context: {} as SwitchRunInput,
    events: {} as FlowControlEvent,
  },
  actors: {
    /** Nothing while the run lives; its cleanup, when the run stops, cancels the switch. */
    cancelOnStop: fromCallback<FlowControlEvent, LatchChildren['network']>(
      ({ input }) =>
        () =>
          input.send({ type: 'CANCEL_SWITCH' }),
    ),
  },
  actions: {
    confirm: sendTo(
      ({ context }) => context.network,
      ({ context }) => ({ type: 'CONFIRM_SWITCH' as const, network: context.target }),
    ),
  },
}).createMachine({
  id: 'switchingNetwork',
  context: ({ input }) => input,
  entry: 'confirm',
  invoke: { src: 'cancelOnStop', input: ({ context }) => context.network },
  on: { RETRY: { actions: 'confirm' } },
})
