// The frame's own storage: one IndexedDB object store of structured-cloneable values (CryptoKeys
// included: a non-extractable key is stored as such, and never becomes bytes a script can read).
// The frame runs on the Latch server's origin, so no host page can open this database.

/** A small key-value store. */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>
  set(key: string, value: unknown): Promise<void>
  delete(key: string): Promise<void>
}

const STORE = 'kv'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

/** The store in IndexedDB database `name`. */
export function indexedDbStore(name: string, factory: IDBFactory = indexedDB): KeyValueStore {
  let opened: Promise<IDBDatabase> | undefined
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(name, 1)
      req.onupgradeneeded = () => req.result.createObjectStore(STORE)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'))
    })
    return opened
  }
  const tx = async (mode: IDBTransactionMode) =>
    (await open()).transaction(STORE, mode).objectStore(STORE)
  return {
    get: async <T>(key: string) =>
      (await request((await tx('readonly')).get(key))) as T | undefined,
    set: async (key, value) => {
      await request((await tx('readwrite')).put(value, key))
    },
    delete: async (key) => {
      await request((await tx('readwrite')).delete(key))
    },
  }
}

/** A store in memory (tests; a browser without IndexedDB keeps nothing across reloads). */
export function memoryStore(): KeyValueStore & { readonly entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>()
  return {
    entries,
    get: <T>(key: string) => Promise.resolve(entries.get(key) as T | undefined),
    set: (key, value) => {
      entries.set(key, value)
      return Promise.resolve()
    },
    delete: (key) => {
      entries.delete(key)
      return Promise.resolve()
    },
  }
}
