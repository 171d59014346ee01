import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import {
  BITCOIN_DEV_WALLET_NAME,
  BTC_PROVIDER_ID,
  mountApprovalPanel,
  registerBitcoinDevWallet,
  type BitcoinDevWalletFace,
} from '@latch/bitcoin-wallet'
import { getWallets } from '@wallet-standard/app'
import type { PlaygroundConfig } from './config.js'
import type { DevWalletSource } from './dev-wallet.js'

/**
 * Makes the Bitcoin dev wallet ready to connect, as {@link setupSolanaDevWallet} does for Solana:
 * its extension when that registered the wallet (or `?devWallet=extension` says it will), else
 * the same wallet in the page, approving by itself, remembering the site so a reload reconnects.
 * `?bitcoinFaces=sats-connect` (or `standard`) shows one face alone, so each of the two ways a
 * Bitcoin wallet appears can be tried; both by default, merged by Latch into one row.
 * Nothing without a Bitcoin chain.
 */
export function setupBitcoinDevWallet(
  config: PlaygroundConfig | undefined,
  params: URLSearchParams,
  target: Window = window,
): DevWalletSource {
  if (!config?.bitcoin) return 'none'
  if (params.get('devWallet') === 'extension' || bitcoinWalletExtensionPresent(target)) {
    return 'extension'
  }
  const dev = registerBitcoinDevWallet(
    {
      esploraUrl: config.bitcoin.esploraUrl,
      accounts: bitcoinDevnetAccounts().slice(0, 3),
      approval: 'auto-approve',
      storage: target.localStorage,
      faces: facesFrom(params.get('bitcoinFaces')),
    },
    target,
  )
  mountApprovalPanel(dev.control, { target: target.document.body, shadowMode: 'open' })
  // For the console, like __latchDevWallet: setApproval('manual'), pending(), approve(id)…
  ;(target as unknown as Record<string, unknown>).__latchBitcoinDevWallet = dev.control
  return 'in-page'
}

function facesFrom(value: string | null): BitcoinDevWalletFace[] {
  if (value === 'sats-connect' || value === 'standard') return [value]
  return ['standard', 'sats-connect']
}

function bitcoinWalletExtensionPresent(target: Window): boolean {
  const providers = (target as unknown as { btc_providers?: unknown }).btc_providers
  return (
    getWallets()
      .get()
      .some((wallet) => wallet.name === BITCOIN_DEV_WALLET_NAME) ||
    (Array.isArray(providers) &&
      providers.some((entry: { id?: unknown } | null) => entry?.id === BTC_PROVIDER_ID))
  )
}
