import { announceDevWallet } from './announce.js'
import { mountApprovalPanel } from './approval-panel.js'
import { takeExtensionConfig } from './extension-config.js'
import { createDevWallet } from './provider.js'
import type { DevWallet, SessionStorageLike } from './types.js'

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
 * configuration, create the wallet, announce it (EIP-6963 and window.ethereum) and mount the
 * approval panel once the body exists. Returns the wallet, or undefined without configuration.
 */
export function startExtensionWallet(window: Window): DevWallet | undefined {
  const config = takeExtensionConfig(window)
  if (!config) {
    console.warn('[Latch Dev Wallet] no configuration: write the extension with writeExtension().')
    return undefined
  }
  const { setWindowEthereum = true, panelShadowMode, ...walletConfig } = config
  const storage = pageStorage(window)
  const wallet = createDevWallet({ ...walletConfig, ...(storage ? { storage } : {}) })
  announceDevWallet(wallet.provider, { target: window, setWindowEthereum })
  const document = window.document
  const mount = () =>
    mountApprovalPanel(wallet, {
      target: document.body,
      ...(panelShadowMode ? { shadowMode: panelShadowMode } : {}),
    })
  // At document_start there is no body yet.
  if (document.body) mount()
  else document.addEventListener('DOMContentLoaded', mount, { once: true })
  return wallet
}
