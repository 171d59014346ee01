import { mountApprovalPanel } from './approval-panel.js'
import { takeExtensionConfig } from './extension-config.js'
import { registerBitcoinDevWallet } from './register.js'
import type { BitcoinDevWallet, SessionStorageLike } from './types.js'

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
 * configuration, create the wallet, show both faces to the page's apps (Wallet Standard and
 * `btc_providers`) and mount the approval panel once the body exists. Returns the wallet, or
 * undefined without configuration.
 */
export function startExtensionWallet(window: Window): BitcoinDevWallet | undefined {
  const config = takeExtensionConfig(window)
  if (!config) {
    console.warn(
      '[Latch Bitcoin Dev Wallet] no configuration: write the extension with writeExtension().',
    )
    return undefined
  }
  const { panelShadowMode, ...walletConfig } = config
  const storage = pageStorage(window)
  const dev = registerBitcoinDevWallet({ ...walletConfig, ...(storage ? { storage } : {}) }, window)
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
