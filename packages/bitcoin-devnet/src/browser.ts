/**
 * `@latch/bitcoin-devnet/browser`: what browser code (a test wallet, the playground page) may
 * import (the fixed keys, the chain id and the Network description) without the Node-only
 * server or a bitcoin library.
 */
export * from './accounts.js'
export * from './network.js'
