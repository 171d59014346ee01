import { registerWallet } from '@wallet-standard/wallet'
import { mountApprovalPanel } from './approval-panel.js'
import { takeExtensionConfig } from './extension-config.js'
import type { SessionStorageLike, SolanaDevWallet } from './types.js'
import { createSolanaDevWallet } from './wallet.js'

function pageStorage(window: Window): SessionStorageLike | undefined {
  try {
    // Throws on opaque origins (sandboxed frames, data: URLs).
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * What the extension's content script does in the page's MAIN world: read config.js's
 * configuration, create the wallet, register it with the page's apps and mount the approval
 * panel once the body exists. Returns the wallet, or undefined without configuration.
 */
export function startExtensionWallet(window: Window): SolanaDevWallet | undefined {
  const config = takeExtensionConfig(window)
  if (!config) {
    console.warn(
      '[Latch Solana Dev Wallet] no configuration: write the extension with writeExtension().',
    )
    return undefined
  }
  const { panelShadowMode, ...walletConfig } = config
  const storage = pageStorage(window)
  const dev = createSolanaDevWallet({ ...walletConfig, ...(storage ? { storage } : {}) })
  registerWallet(dev.wallet)
  const document = window.document
  const mount = () =>
    mountApprovalPanel(dev.control, {
      target: document.body,
      ...(panelShadowMode ? { shadowMode: panelShadowMode } : {}),
    })
  // At document_start there is no body yet.
  if (document.body) mount()
  else document.addEventListener('DOMContentLoaded', mount, { once: true })
  return dev
}
