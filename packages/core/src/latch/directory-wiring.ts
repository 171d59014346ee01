import { assign, enqueueActions } from 'xstate'
import { resolveOpenRoute } from '../router/open-rules.js'
import { latchFarcasterSetup } from './farcaster-wiring.js'
import { runtimeOf } from './latch.setup.js'

/*
 * The wallet lists' directory (SPEC §9: recommended wallets, the full list by pages of 40, a
 * search of up to 100), on top of farcaster-wiring.ts. The browse's machine
 * (wallets/wallet-directory.machine.ts) is in the runtime chunk, so a host's start-up JS holds
 * none of it; the chart names these actions only in states of a running instance, which has it:
 * the Connect route loads its list, the AllWallets route browses while it is on show
 * (route-flows.ts), and the page's idle time loads the next open's list ahead of the click.
 */

export const latchDirectorySetup = latchFarcasterSetup.extend({
  guards: {
    /** SPEC §2's plain open would show Connect: its list is what the next click needs. */
    nextOpenShowsConnect: ({ context }) =>
      resolveOpenRoute({}, context.modal.getSnapshot().context.facts).view === 'Connect',
  },
  actions: {
    /**
     * Connect's list loads once per instance and stays for the next open; a load that failed
     * (the directory service down) is tried again each time the view shows.
     */
    loadWalletList: enqueueActions(({ context, enqueue }) => {
      if (context.walletDirectory) {
        enqueue.sendTo(context.walletDirectory, { type: 'RETRY' })
        return
      }
      const { walletDirectory } = runtimeOf(context)
      enqueue.assign({
        walletDirectory: ({ spawn }) =>
          spawn(walletDirectory, { input: context.io.walletDirectory }),
      })
    }),
    /** AllWallets is shown: a browse of its own, from its first page and with no search. */
    startBrowsingWallets: assign(({ context, spawn }) => {
      const { walletDirectory } = runtimeOf(context)
      return { allWallets: spawn(walletDirectory, { input: context.io.walletDirectory }) }
    }),
    /** AllWallets is left: its browse stops, a request in flight with it. */
    stopBrowsingWallets: enqueueActions(({ context, enqueue }) => {
      if (!context.allWallets) return
      enqueue.stopChild(context.allWallets)
      enqueue.assign({ allWallets: undefined })
    }),
    /** Retry on AllWallets: its failed page is asked again. */
    retryBrowsingWallets: enqueueActions(({ context, enqueue }) => {
      if (context.allWallets) enqueue.sendTo(context.allWallets, { type: 'RETRY' })
    }),
  },
})
