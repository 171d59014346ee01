import {
  DEV_WALLET_INFO,
  announceDevWallet,
  createDevWallet,
  mountApprovalPanel,
} from '@latch/dev-wallet'
import type { PlaygroundConfig } from './config.js'

/** Where the page's dev wallet comes from. */
export type DevWalletSource = 'extension' | 'in-page' | 'none'

/**
 * Whether the dev wallet extension is in the page. Its content script runs at document_start
 * and answers `eip6963:requestProvider` synchronously, so one request tells.
 */
export function devWalletExtensionPresent(target: Window): boolean {
  let found = false
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: { rdns?: string } } | undefined>).detail
    if (detail?.info?.rdns === DEV_WALLET_INFO.rdns) found = true
  }
  target.addEventListener('eip6963:announceProvider', listener)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  target.removeEventListener('eip6963:announceProvider', listener)
  return found
}

/**
 * Makes the dev wallet ready to connect: the extension when it is there (or when `?devWallet=
 * extension` says it will be, as in the end-to-end tests), else the same wallet in-page.
 *
 * The in-page wallet approves by itself. Its approval panel lives in the page, and Latch's modal
 * <dialog> (showModal) makes the whole page inert, the panel included, so a person could not
 * press its Approve button while the modal waits for the wallet. The panel is still mounted: it
 * shows requests if the mode is switched to 'manual' from the console (`__latchDevWallet`).
 */
export function setupDevWallet(
  config: PlaygroundConfig | undefined,
  requested: string | null,
  target: Window = window,
): DevWalletSource {
  if (requested === 'extension' || devWalletExtensionPresent(target)) return 'extension'
  if (!config || config.privateKeys.length === 0) return 'none'
  const wallet = createDevWallet({
    chains: config.chains,
    privateKeys: config.privateKeys,
    // Its wallet_getAssets lists the devnet's tokens next to ETH, as a real wallet would.
    ...(config.tokens ? { assets: config.tokens } : {}),
    approval: 'auto-approve',
    // The wallet remembers the site like a real one does, so a reload reconnects silently.
    storage: target.localStorage,
  })
  // An open shadow root: the wallet lives in the page's own scripts here, so a closed one would
  // hide nothing from them, and it lets browser automation reach the Approve button.
  mountApprovalPanel(wallet, { target: target.document.body, shadowMode: 'open' })
  // For a developer poking at it from the console: setApproval('manual'), pending(), approve(id)…
  ;(target as unknown as Record<string, unknown>).__latchDevWallet = wallet
  // Announced over EIP-6963; window.ethereum only if no other wallet took it already.
  announceDevWallet(wallet.provider, { target, setWindowEthereum: !('ethereum' in target) })
  return 'in-page'
}
