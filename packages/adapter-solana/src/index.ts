export {
  CONFIRMATION_TIMEOUT_MS,
  solanaAdapter,
  type SolanaAdapter,
  type SolanaAdapterOptions,
} from './solana-adapter.js'
export {
  SOLANA_DEVNET_REFERENCE,
  SOLANA_MAINNET_REFERENCE,
  SOLANA_TESTNET_REFERENCE,
  solanaDevnet,
  solanaMainnet,
  solanaTestnet,
  walletStandardChain,
} from './networks.js'
export {
  isPreflightCommitment,
  preflightCommitments,
  type PreflightCommitment,
} from './validation.js'
export { isCompatibleWallet } from './wallet.js'
export type { SolanaConnector } from './discovery.js'
export type { KnownTokens } from './reads/balances.js'
