import { registerWallet } from '@wallet-standard/wallet'
import type { SolanaDevWallet, SolanaDevWalletConfig } from './types.js'
import { createSolanaDevWallet } from './wallet.js'

/**
 * Creates the wallet and registers it with the page's apps through the Wallet Standard's
 * `wallet-standard:register-wallet` / `wallet-standard:app-ready` events (on `window`), so an app
 * finds it through `getWallets()` whether it loaded before or after the wallet.
 */
export function registerSolanaDevWallet(config: SolanaDevWalletConfig): SolanaDevWallet {
  const dev = createSolanaDevWallet(config)
  registerWallet(dev.wallet)
  return dev
}
