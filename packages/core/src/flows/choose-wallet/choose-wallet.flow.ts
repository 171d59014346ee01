import { defineFlow, type HostContext } from '../flow.js'
import type { ChooseWalletServices } from './choose-wallet.runtime.js'

/**
 * Connect (SPEC §2): the wallets to choose from, the embedded wallet's logins and WalletConnect.
 * Its list from the directory is loaded once per instance and kept (choose-wallet's keeper).
 */
export const chooseWalletFlow = defineFlow({
  id: 'choosingWallet',
  views: ['Connect'],
  load: () => import('./choose-wallet.runtime.js').then((m) => m.chooseWalletRuntime),
  host: (context: HostContext<Partial<ChooseWalletServices>>) => ({
    /**
     * The Connect view's wallet list from the directory: the wallets to recommend (featured
     * first) and the full list's count. Read it with `selectWalletDirectory` (its `pool`,
     * `count`, `status`) and `connectWalletList`. The instance loads it at idle, or when Connect
     * first shows, and keeps it; `undefined` until then.
     */
    get walletDirectory() {
      return context.services().walletList?.getSnapshot().context.browse
    },
  }),
  messages: ['view.Connect.'],
})
