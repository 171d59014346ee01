export { DEVNET_MNEMONIC } from './account.js'
export { DEFAULT_NATIVE_CURRENCY, type NativeCurrency, type WalletChain } from './chains.js'
export { RpcErrorCode, WalletRpcError } from './errors.js'
export { isLoopbackUrl, LOOPBACK_HOSTS } from './loopback.js'
export { WALLET_EVENTS, type ProposalParams, type SessionNamespaces } from './namespaces.js'
export {
  DEFAULT_METADATA,
  DEFAULT_PROJECT_ID,
  SOLANA_LOCALNET,
  type Policy,
  type WalletMetadata,
  type WcWalletOptions,
  type WcWalletSolanaOptions,
} from './options.js'
export { WALLET_METHODS, type WalletMethod } from './params.js'
export { SOLANA_METHODS, type SolanaMethod } from './solana/params.js'
export { MemoryStorage, type WcKeyValueStorage } from './storage.js'
export type {
  DappInfo,
  Proposal,
  RequestStatus,
  RpcErrorObject,
  Session,
  WalletPolicy,
  WalletRequest,
  WcWallet,
} from './types.js'
export { REQUEST_LOG_SIZE } from './request-desk.js'
export { createWcWallet } from './wallet.js'
