/**
 * `@latch/solana-devnet/browser`: what browser code (a test wallet, the playground page) may
 * import — the fixed keypairs, the test tokens and the chain id — without the Node-only runtime.
 */
export * from './accounts.js'
export * from './tokens.js'
export { SOLANA_DEVNET_CHAIN } from './network.js'
