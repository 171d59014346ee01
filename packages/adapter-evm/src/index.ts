export { evmAdapter, type EvmAdapter, type EvmAdapterOptions } from './evm-adapter.js'
export type { Eip1193Provider } from './provider.js'
export { PERMISSION_REVOKE_TIMEOUT_MS } from './provider.js'
export { ASYNC_INJECTION_WAIT_MS } from './connection/connections.js'
export {
  BALANCE_RETRY_COOLDOWN_MS,
  NATIVE_BALANCE_CACHE_MS,
  RECEIPT_TIMEOUT_MS,
} from './timings.js'
export type { Erc20Info } from './reads/erc20.js'
export type { EvmCall, CallsStatus } from './writes/send-calls.js'
export type { TransactionOutcome } from './writes/wait-for-receipt.js'
export { isSignature, isTransactionHash } from './writes/results.js'
