export { createSolanaDevWallet, SOLANA_DEV_WALLET_CHAINS } from './wallet.js'
export type { SolanaDevWalletFeatures } from './wallet.js'
export { registerSolanaDevWallet } from './register.js'
export { mountApprovalPanel, PANEL_TAG } from './approval-panel.js'
export type { ApprovalPanelOptions } from './approval-panel.js'
export { SOLANA_DEV_WALLET_ICON, SOLANA_DEV_WALLET_NAME } from './icon.js'
export { ErrorCode, WalletError } from './errors.js'
export { SESSION_KEY } from './session.js'
export type {
  ApprovalPolicy,
  ApprovalState,
  PendingRequest,
  SessionStorageLike,
  SolanaDevWallet,
  SolanaDevWalletConfig,
  SolanaDevWalletControl,
  SolanaDevWalletKeypair,
  WalletRequest,
} from './types.js'
