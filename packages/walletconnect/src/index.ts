// The host's entry: only the `walletConnect()` option factory, a few hundred bytes. The client
// itself is loaded on first pairing; tests and advanced hosts import it from
// '@latch/walletconnect/client'.
export { walletConnect, type WalletConnectOptions } from './connector.js'
