import { createMemoryStorage } from './memory-storage.js'
import type { StoragePort } from './storage-port.js'

/** The part of Web Storage Latch uses; typed here because core builds without the DOM lib. */
export interface WebStorageLike {
  readonly length: number
  key(index: number): string | null
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The part of `IDBFactory` {@link clearBrowserDatabases} uses. */
export interface IndexedDbFactoryLike {
  deleteDatabase(name: string): unknown
}

/**
 * The IndexedDB database the WalletConnect client keeps its keychain, pairings, sessions and
 * messages in, in a browser. @walletconnect/keyvaluestorage 1.1 (under sign-client and
 * universal-provider 2.25) opens it through idb-keyval with one object store, `keyvaluestorage`.
 * The name is fixed by the library: the `customStoragePrefix` Latch passes (its storageKeyPrefix)
 * goes into the keys inside it, never into its name.
 */
export const WALLETCONNECT_DATABASE = 'WALLET_CONNECT_V2_INDEXED_DB'

/**
 * Every IndexedDB database Latch owns: core opens none of its own, its WalletConnect client opens
 * {@link WALLETCONNECT_DATABASE}. Any other database of the origin is the host's.
 */
export const LATCH_OWNED_DATABASES: readonly string[] = Object.freeze([WALLETCONNECT_DATABASE])

const PROBE_KEY = '@latch/__probe__'

/** Wraps a Web Storage object (localStorage, sessionStorage) as a {@link StoragePort}. */
export function createWebStoragePort(storage: WebStorageLike): StoragePort {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    keys: () => {
      // Snapshot first: callers remove while iterating, which reindexes a live Storage.
      const found: string[] = []
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index)
        if (key !== null) found.push(key)
      }
      return found
    },
  }
}

function readGlobal<T>(name: string): T | undefined {
  try {
    // Merely reading `localStorage`/`indexedDB` throws SecurityError in sandboxed iframes.
    return (globalThis as Record<string, unknown>)[name] as T | undefined
  } catch {
    return undefined
  }
}

function works(storage: WebStorageLike): boolean {
  try {
    // Safari private mode and full quotas expose a localStorage whose setItem throws.
    storage.setItem(PROBE_KEY, PROBE_KEY)
    storage.removeItem(PROBE_KEY)
    return true
  } catch {
    return false
  }
}

function isWebStorage(value: unknown): value is WebStorageLike {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof WebStorageLike, unknown>>
  return (
    typeof candidate.getItem === 'function' &&
    typeof candidate.setItem === 'function' &&
    typeof candidate.removeItem === 'function' &&
    typeof candidate.key === 'function'
  )
}

/**
 * The best storage this environment offers: `globalThis.localStorage` when it exists and
 * accepts a write, otherwise a fresh in-memory store (state then lasts for the page only).
 * Call it when an instance is created, never at import: touching storage has side effects.
 */
export function detectStorage(): StoragePort {
  const storage = readGlobal<unknown>('localStorage')
  if (isWebStorage(storage) && works(storage)) return createWebStoragePort(storage)
  return createMemoryStorage()
}

/**
 * Deletes the IndexedDB databases Latch owns ({@link LATCH_OWNED_DATABASES}) and no other.
 *
 * SPEC §4: "On a connect failure the product clears all browser databases and local storage".
 * Latch reads "all" as all of its own stores and its WalletConnect client's, never the host's:
 * a wallet modal must never destroy its host's data, and a plain rejection in the wallet would
 * otherwise wipe the host app's IndexedDB. The local-storage half is `LatchStorage.clear()`,
 * which removes only the keys under the instance's storageKeyPrefix (the WalletConnect client
 * writes no local-storage key of its own in a browser with IndexedDB).
 *
 * One limit: the WalletConnect library names its database per origin, so a host that runs a
 * WalletConnect client of its own beside Latch's shares it, and loses those sessions too.
 *
 * Deletes by name, without listing: that also works where `indexedDB.databases()` is missing,
 * and deleting a database that does not exist does nothing. Resolves once every deletion is
 * requested; never rejects, and does nothing outside a browser.
 */
export function clearBrowserDatabases(): Promise<void> {
  const factory = readGlobal<IndexedDbFactoryLike>('indexedDB')
  if (typeof factory !== 'object' || factory === null) return Promise.resolve()
  for (const name of LATCH_OWNED_DATABASES) {
    try {
      // Not awaited: a deletion blocked by an open connection (a live WalletConnect client) would
      // stall the rejection the connect helper owes its caller; the browser completes it once
      // that connection closes.
      factory.deleteDatabase(name)
    } catch {
      // A throwing factory (a broken polyfill) must not turn a connect failure into a crash.
    }
  }
  return Promise.resolve()
}
