export {
  createDirectoryClient,
  type DirectoryClient,
  type DirectoryClientOptions,
  type DirectoryRequestOptions,
  DIRECTORY_CACHE_MS,
} from './directory-client.js'
export { generateWalletIcon, walletIconUrl, walletInitials } from './icon.js'
export {
  RECOMMENDED_WALLETS_COUNT,
  recommendedWallets,
  type RecommendedWalletsOptions,
} from './local-directory.js'
export {
  WALLETS_PER_PAGE,
  WALLET_SEARCH_LIMIT,
  buildGetWalletsUrl,
  queryLocalDirectory,
  type SdkInfo,
  type WalletPage,
  type WalletQuery,
} from './query.js'
export { type LogoNetwork, type LogoToken, networkLogoUrl, tokenLogoUrl } from './known-logos.js'
export { MAX_DATA_IMAGE_LENGTH, isSafeImageUrl, safeImageUrl } from './image-url.js'
export type { DirectoryWallet, WalletBadge } from './wallet.js'
export {
  declaredNativeSchemes,
  isHttpsUrl,
  isSafeWalletLink,
  isWalletAppLink,
  nativeSchemeOf,
} from './wallet-link.js'
export { WALLET_NAME_MAX_LENGTH, cleanWalletName, walletNameSchema } from './wallet-name.js'
export { WALLET_ID, directoryWalletEntrySchema, directoryWalletSchema } from './wallet-schema.js'
export { directoryWallets } from './wallets.data.js'
