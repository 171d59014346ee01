import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import {
  SOLANA_DEV_WALLET_NAME,
  mountApprovalPanel,
  registerSolanaDevWallet,
} from '@latch/solana-wallet'
import { getWallets } from '@wallet-standard/app'
import type { PlaygroundConfig } from './config.js'
import type { DevWalletSource } from './dev-wallet.js'

/**
 * Makes the Solana dev wallet ready to connect, as {@link setupDevWallet} does for EVM: its
 * extension when that registered the wallet (its content script runs at document_start, so it
 * has by now) or when `?devWallet=extension` says it will, else the same wallet in the page,
 * approving by itself, remembering the site so a reload reconnects. Nothing without a Solana chain.
 */
export function setupSolanaDevWallet(
  config: PlaygroundConfig | undefined,
  requested: string | null,
  target: Window = window,
): DevWalletSource {
  if (!config?.solana) return 'none'
  if (requested === 'extension' || solanaWalletExtensionPresent()) return 'extension'
  const dev = registerSolanaDevWallet({
    rpcUrl: config.solana.rpcUrl,
    accounts: solanaDevnetAccounts().slice(0, 3),
    approval: 'auto-approve',
    storage: target.localStorage,
  })
  mountApprovalPanel(dev.control, { target: target.document.body, shadowMode: 'open' })
  // For the console, like __latchDevWallet: setApproval('manual'), pending(), approve(id)…
  ;(target as unknown as Record<string, unknown>).__latchSolanaDevWallet = dev.control
  return 'in-page'
}

function solanaWalletExtensionPresent(): boolean {
  return getWallets()
    .get()
    .some((wallet) => wallet.name === SOLANA_DEV_WALLET_NAME)
}
