import type { ActorRefFrom } from 'xstate'
import type { FlowRuntime } from '../flow.js'
import { walletListMachine } from './wallet-list.machine.js'

/** The Connect list's keeper, for the instance's life. */
export type ChooseWalletServices = { readonly walletList: ActorRefFrom<typeof walletListMachine> }

/**
 * The Connect flow's runtime part: the list's keeper, which loads the list when Connect shows.
 * A run of Connect spawns nothing (an open of the modal makes no actor).
 */
export const chooseWalletRuntime: FlowRuntime<Record<never, never>, ChooseWalletServices> = ({
  spawn,
  port,
}) => ({
  services: {
    walletList: spawn(walletListMachine, {
      systemId: 'walletList',
      input: { directory: port.io.walletDirectory, modal: port.modal },
    }),
  },
  start: () => ({}),
})
