import { defineFlow, type HostContext } from '../flow.js'
import type { AllWalletsRefs } from './all-wallets.runtime.js'

/**
 * AllWallets (SPEC §9: the full list by pages of 40, a search of up to 100): a browse of the
 * instance's wallet directory lives exactly while the view is on show.
 */
export const allWalletsFlow = defineFlow({
  id: 'browsingWallets',
  views: ['AllWallets'],
  load: () => import('./all-wallets.runtime.js').then((m) => m.allWalletsRuntime),
  host: (context: HostContext<object, AllWalletsRefs>) => ({
    /**
     * AllWallets' browse, while that view is on show (`undefined` otherwise): read it with
     * `selectWalletDirectory` and `allWalletsList`, and send it `SEARCH` (the text typed) and
     * `LOAD_MORE` (the list's end came near); `RETRY` on the root asks a failed page again.
     */
    get allWallets() {
      return context.runRefs().allWallets
    },
  }),
  messages: ['view.AllWallets.'],
})
