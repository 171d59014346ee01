export type { StoragePort } from './storage-port.js'
export { createMemoryStorage } from './memory-storage.js'
export {
  LATCH_OWNED_DATABASES,
  WALLETCONNECT_DATABASE,
  clearBrowserDatabases,
  createWebStoragePort,
  detectStorage,
  type IndexedDbFactoryLike,
  type WebStorageLike,
} from './browser-storage.js'
export {
  DEFAULT_STORAGE_PREFIX,
  RECENT_WALLETS_LIMIT,
  STORAGE_VERSION,
  createStorageKeys,
  loginCacheKeys,
  recentWalletSchema,
  rememberedConnectionSchema,
  storageKeyNames,
  storageSchemas,
  type RecentWallet,
  type RememberedConnection,
  type StorageKey,
  type StorageValues,
} from './keys.js'
export {
  EMAIL_LOGIN_COOLDOWN_MS,
  MAX_STORED_VALUE_LENGTH,
  createLatchStorage,
  type LatchStorage,
  type LatchStorageOptions,
  type StorageReport,
} from './latch-storage.js'
