export { createDevWallet } from './provider.js'
export { announceDevWallet, DEV_WALLET_INFO } from './announce.js'
export type { AnnounceOptions, ProviderDetail, ProviderInfo } from './announce.js'
export { mountApprovalPanel, PANEL_TAG } from './approval-panel.js'
export type { ApprovalPanelOptions } from './approval-panel.js'
export { ProviderRpcError, ErrorCode } from './errors.js'
export { CallsStatus, CALLS_VERSION } from './calls.js'
export { CONFIG_GLOBAL } from './extension-config.js'
export type { ExtensionConfig } from './extension-config.js'
export { DEV_WALLET_ICON } from './icon.js'
export { SESSION_KEY } from './session.js'
export type {
  ApprovalMode,
  ApprovalState,
  DevWallet,
  DevWalletChain,
  DevWalletConfig,
  Eip1193Provider,
  NativeCurrency,
  PendingRequest,
  ProviderEvent,
  ProviderListener,
  RequestArguments,
  SessionStorageLike,
} from './types.js'
