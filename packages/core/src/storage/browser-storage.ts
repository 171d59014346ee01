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

/** The part of `IDBFactory` {@link clearBrowserDatabases} uses. `databases()` is missing in old browsers. */
export interface IndexedDbFactoryLike {
  databases?: () => Promise<ReadonlyArray<{ readonly name?: string }>>
  deleteDatabase(name: string): unknown
}

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
 * Deletes every IndexedDB database of this origin (SPEC §4: "On a connect failure the product
 * clears all browser databases and local storage"). Resolves once every deletion is requested;
 * never rejects, and does nothing outside a browser or where `indexedDB.databases()` is missing.
 */
export async function clearBrowserDatabases(): Promise<void> {
  const factory = readGlobal<IndexedDbFactoryLike>('indexedDB')
  if (typeof factory !== 'object' || factory === null) return
  if (typeof factory.databases !== 'function') return
  let databases: ReadonlyArray<{ readonly name?: string }>
  try {
    databases = await factory.databases()
  } catch {
    return
  }
  if (!Array.isArray(databases)) return
  for (const database of databases) {
    const name = database?.name
    if (typeof name !== 'string') continue
    try {
      // Not awaited: a deletion blocked by an open connection would stall the rejection the
      // connect helper owes its caller; the browser completes it once the connection closes.
      factory.deleteDatabase(name)
    } catch {
      // One undeletable database must not keep the others alive.
    }
  }
}
