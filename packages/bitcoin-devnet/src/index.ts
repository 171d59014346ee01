export * from './accounts.js'
export * from './network.js'
export { INVALID_ADDRESS, WRONG_NETWORK } from './address.js'
export { startBitcoinDevnet, type BitcoinDevnet, type StartBitcoinDevnetOptions } from './devnet.js'
export type {
  EsploraAddress,
  EsploraInput,
  EsploraOutput,
  EsploraStats,
  EsploraStatus,
  EsploraTransaction,
  EsploraUtxo,
} from './esplora.js'
export { DEFAULT_FEE_ESTIMATES, type FeeEstimates, type RecommendedFees } from './fees.js'
export { BITCOIN_DEVNET_PORT_ENV } from './ports.js'
export { MAX_BLOCKS_PER_MINE } from './routes.js'
export { BITCOIN_DEVNET_HOST } from './server.js'
export {
  bitcoinDevnetSummary,
  type BitcoinDevnetKeySummary,
  type BitcoinDevnetSummary,
} from './summary.js'
