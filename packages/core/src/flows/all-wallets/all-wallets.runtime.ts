import type { ActorRefFrom } from 'xstate'
import { walletDirectoryMachine } from '../../wallets/wallet-directory.machine.js'
import type { FlowRuntime } from '../flow.js'

/** AllWallets' browse, while the view is on show. */
export type AllWalletsRefs = { readonly allWallets?: ActorRefFrom<typeof walletDirectoryMachine> }

/**
 * AllWallets' runtime part: a browse of its own (its search, its pages of 40) for each visit,
 * from the first page and with no search; leaving the view stops it and a page in flight.
 */
export const allWalletsRuntime: FlowRuntime<AllWalletsRefs, Record<never, never>> = ({ port }) => ({
  services: {},
  start: ({ spawn }) => ({
    allWallets: spawn(walletDirectoryMachine, {
      systemId: 'allWallets',
      input: port.io.walletDirectory,
    }),
  }),
})
