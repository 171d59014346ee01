/**
 * @latch/core: the framework-free heart of Latch. State machines (xstate v5), identifiers,
 * validation (zod), storage, the error catalogue and the chain-adapter contract. No React, no
 * chain library, and nothing here touches a browser API when imported.
 */
export * from './adapter/index.js'
// The embedded wallet: email login and the AUTH connector (issue 17).
export * from './auth/index.js'
export * from './balances/index.js'
export * from './connector/index.js'
export * from './directory/index.js'
export * from './errors/index.js'
export * from './identifiers/index.js'
export * from './flows/index.js'
export * from './latch/index.js'
export * from './machines/index.js'
export * from './network/index.js'
export * from './options/index.js'
export * from './platform/index.js'
export * from './router/index.js'
export * from './selectors/account-network.js'
// The send flow and transaction following (issue 15).
export * from './flows/send/index.js'
// Social login: its popup and its flow (issue 12).
export * from './flows/social/index.js'
// Sign in with Farcaster: its flow and its link rule (issue 12).
export * from './flows/farcaster/index.js'
// Sign in with the wallet: what views and hosts read of its flow (issue 30).
export * from './flows/sign-in/index.js'
export * from './storage/index.js'
export * from './validation/index.js'
export * from './wallets/index.js'
export * from './walletconnect/index.js'
