// The Latch API's wire side (`@latch/core/api`): the schemas of the Latch server's requests and
// answers (SPEC §7), which core's clients parse and the server validates against, and the few
// pure rules both sides apply. One definition, both sides. The server imports only this entry, so
// nothing here may reach client code (a fetch, a cache, a machine): wire-boundary.test.ts holds it
// to that. Core's clients are `@latch/core/clients`.
export * from './account.js'
export * from './auth.js'
export * from './custody.js'
export * from './errors.js'
export * from './farcaster.js'
export * from './frame-ancestors.js'
export * from './project-config.js'
export * from './provider.js'
export * from './rpc.js'
export * from './sdk.js'
export * from './siwx.js'
export * from './social.js'
export { serverApiUrl } from './urls.js'

// The pure rules the Latch server applies exactly as a client does (paging and filtering the
// directory, the address and chain-id checks, the error texts), re-exported from where each lives
// once. The main entry exports them too, for hosts.
export {
  WALLETS_PER_PAGE,
  WALLET_SEARCH_LIMIT,
  buildGetWalletsUrl,
  queryLocalDirectory,
  type WalletPage,
  type WalletQuery,
} from '../directory/query.js'
export { generateWalletIcon } from '../directory/icon.js'
export type { DirectoryWallet } from '../directory/wallet.js'
export { WALLET_ID, directoryWalletEntrySchema } from '../directory/wallet-schema.js'
export { directoryWallets } from '../directory/wallets.data.js'
export { errorMessages } from '../errors/catalogue.js'
export { isAddressForNamespace, isBitcoinAddress, isSolanaAddress } from '../identifiers/address.js'
export { isCaipNetworkId } from '../identifiers/caip.js'
export { COIN_TYPE_FLAG } from '../identifiers/chain-id.js'
export { isLoopbackHost } from '../identifiers/loopback.js'
