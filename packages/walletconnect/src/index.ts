export {
  DISCONNECT_WAIT_MS,
  createWalletConnectClient,
  type LatchWalletConnectClient,
} from './client.js'
export { WalletRpcError } from './errors.js'
export { openWalletLink, walletLink } from './deep-link.js'
export {
  LOG_LEVELS,
  type KeyValueStorage,
  type LogLevel,
  type WalletConnectEnvironment,
} from './options.js'
