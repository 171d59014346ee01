// '@latch/walletconnect/client': the client on @walletconnect/universal-provider, for tests and
// hosts that drive it themselves. A Latch host never imports this: `walletConnect()` loads it
// on first pairing.
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
