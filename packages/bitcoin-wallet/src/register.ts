import { registerWallet } from '@wallet-standard/wallet'
import type { BtcProviderInfo, SatsConnectProvider } from './sats-connect-types.js'
import type { BitcoinDevWallet, BitcoinDevWalletConfig } from './types.js'
import { createBitcoinDevWallet } from './wallet.js'

/** The page globals WBIP-004 discovery reads. */
interface ProviderWindow {
  btc_providers?: BtcProviderInfo[]
  [id: string]: unknown
}

/**
 * Puts the sats-connect face where apps look for it (WBIP-004): the provider at `window[id]`, its
 * entry appended to `window.btc_providers` (created if no other wallet made it).
 */
export function announceProvider(
  target: object,
  provider: SatsConnectProvider,
  info: BtcProviderInfo,
): void {
  const page = target as ProviderWindow
  Object.defineProperty(page, info.id, { value: provider, configurable: true, enumerable: true })
  if (!Array.isArray(page.btc_providers)) page.btc_providers = []
  // Announced again (a second wallet object on the page): one entry, for the newest provider.
  const stale = page.btc_providers.findIndex((entry) => entry?.id === info.id)
  if (stale !== -1) page.btc_providers.splice(stale, 1)
  page.btc_providers.push(info)
}

/**
 * Creates the wallet and shows its faces (`config.faces`, both by default) to the page's apps:
 * the Wallet-Standard wallet through `registerWallet` (`wallet-standard:register-wallet` /
 * `wallet-standard:app-ready` on `window`, so `getWallets()` finds it whether the app loaded
 * first or not), and the sats-connect provider through `window.btc_providers` and
 * `window[providerInfo.id]`.
 */
export function registerBitcoinDevWallet(
  config: BitcoinDevWalletConfig,
  target: object = globalThis,
): BitcoinDevWallet {
  const dev = createBitcoinDevWallet(config)
  const faces = config.faces ?? ['standard', 'sats-connect']
  if (faces.includes('standard')) registerWallet(dev.wallet)
  if (faces.includes('sats-connect')) announceProvider(target, dev.provider, dev.providerInfo)
  return dev
}
