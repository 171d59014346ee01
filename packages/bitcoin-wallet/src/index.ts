export { createBitcoinDevWallet, BTC_PROVIDER_ID } from './wallet.js'
export { registerBitcoinDevWallet, announceProvider } from './register.js'
export { mountApprovalPanel, PANEL_TAG } from './approval-panel.js'
export type { ApprovalPanelOptions } from './approval-panel.js'
export { BITCOIN_DEV_WALLET_ICON, BITCOIN_DEV_WALLET_NAME } from './icon.js'
export { ErrorCode, RpcErrorCode, WalletError } from './errors.js'
export { SESSION_KEY } from './session.js'
export {
  BITCOIN_DEV_WALLET_CHAINS,
  BITCOIN_MAINNET_CAIP,
  BITCOIN_REGTEST_CAIP,
  BITCOIN_TESTNET_CAIP,
} from './networks.js'
export type { BitcoinNetworkName } from './networks.js'
export type { AddressPurpose } from './keys.js'
export type { MessageSigningProtocol } from './message.js'
export type { SigHashFlag } from './psbt.js'
export { BitcoinWalletAccount } from './standard-account.js'
export type { BitcoinDevWalletFeatures } from './standard-wallet.js'
export {
  BitcoinConnect,
  BitcoinSignAndSendTransaction,
  BitcoinSignMessage,
  BitcoinSignTransaction,
  SatsConnectFeatureName,
} from './standard-features.js'
export type * from './standard-features.js'
export type * from './sats-connect-types.js'
export type {
  ApprovalPolicy,
  ApprovalState,
  BitcoinDevWallet,
  BitcoinDevWalletAccount,
  BitcoinDevWalletConfig,
  BitcoinDevWalletControl,
  BitcoinDevWalletFace,
  BitcoinDevWalletKeyInput,
  PendingRequest,
  SelectedAddresses,
  SessionStorageLike,
  WalletRequest,
} from './types.js'
