/**
 * The browser wallet page ("paste the URI to pair"), for the playground's /wallet.html. It runs
 * the same wallet core as Node, with proposals and requests answered by the user by default.
 */
import { DEFAULT_METADATA, type WcWalletOptions } from '../options.js'
import type { WcWallet } from '../types.js'
import { createWcWallet } from '../wallet.js'
import { walletPageMessages, type WalletPageMessages } from './messages.js'
import { renderWalletPage } from './render.js'

export { walletPageMessages, type WalletPageMessages } from './messages.js'
export { renderWalletPage } from './render.js'
export { createWcWallet } from '../wallet.js'
export type { WcWallet, WcWalletOptions }

/** Options of {@link mountWalletPage}: the wallet's, plus the page's strings. */
export interface WalletPageOptions extends WcWalletOptions {
  messages?: WalletPageMessages
}

/** A mounted wallet page. */
export interface WalletPage {
  wallet: WcWallet
  /** Removes the page and closes the wallet. */
  unmount(): Promise<void>
}

/**
 * Creates a wallet (in-memory storage, proposals and requests 'manual' unless `policy` says
 * otherwise) and renders its page into `root`. The private key comes from the caller: the page
 * holds a devnet test key, e.g. `privateKey` of @latch/devnet's devnetAccounts[i] or `accountIndex`.
 */
export async function mountWalletPage(
  root: HTMLElement,
  options: WalletPageOptions,
): Promise<WalletPage> {
  const { messages = walletPageMessages, ...walletOptions } = options
  const wallet = await createWcWallet({
    // sign-client expects a page's metadata to name the page's own origin.
    metadata: { ...DEFAULT_METADATA, url: root.ownerDocument.location.origin },
    ...walletOptions,
    policy: { proposals: 'manual', requests: 'manual', ...walletOptions.policy },
  })
  const remove = renderWalletPage(root, wallet, messages)
  return {
    wallet,
    async unmount() {
      remove()
      await wallet.close()
    },
  }
}
