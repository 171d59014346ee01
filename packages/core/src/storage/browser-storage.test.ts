import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  LATCH_OWNED_DATABASES,
  WALLETCONNECT_DATABASE,
  clearBrowserDatabases,
  createWebStoragePort,
  detectStorage,
  type WebStorageLike,
} from './browser-storage.js'
import { createLatchStorage } from './latch-storage.js'

function fakeWebStorage(initial: Record<string, string> = {}): WebStorageLike & {
  data: Map<string, string>
} {
  const data = new Map(Object.entries(initial))
  return {
    data,
    get length() {
      return data.size
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

function defineThrowingGlobal(name: string): void {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      throw new Error('SecurityError: The operation is insecure.')
    },
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  for (const name of ['localStorage', 'indexedDB']) {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, name)
    if (descriptor?.get) delete (globalThis as Record<string, unknown>)[name]
  }
})

describe('createWebStoragePort', () => {
  it('lists a snapshot of keys that survives removal during iteration', () => {
    const storage = fakeWebStorage({ a: '1', b: '2', c: '3' })
    const port = createWebStoragePort(storage)
    for (const key of port.keys()) port.removeItem(key)
    expect(storage.data.size).toBe(0)
  })
})

describe('detectStorage', () => {
  it('uses a working localStorage and leaves no probe behind', () => {
    const storage = fakeWebStorage({ host: 'kept' })
    vi.stubGlobal('localStorage', storage)
    const port = detectStorage()
    port.setItem('k', 'v')
    expect(storage.data.get('k')).toBe('v')
    expect([...storage.data.keys()].sort()).toEqual(['host', 'k'])
  })

  it('falls back to memory when setItem throws (Safari private mode, full quota)', () => {
    const storage = fakeWebStorage()
    storage.setItem = () => {
      throw new Error('QuotaExceededError')
    }
    vi.stubGlobal('localStorage', storage)
    const port = detectStorage()
    port.setItem('k', 'v')
    expect(port.getItem('k')).toBe('v')
    expect(storage.data.size).toBe(0)
  })

  it('falls back to memory when reading localStorage throws (sandboxed iframe)', () => {
    defineThrowingGlobal('localStorage')
    const port = detectStorage()
    port.setItem('k', 'v')
    expect(port.getItem('k')).toBe('v')
  })

  it('falls back to memory outside a browser, with a fresh store per call', () => {
    vi.stubGlobal('localStorage', undefined)
    const first = detectStorage()
    first.setItem('k', 'v')
    expect(detectStorage().getItem('k')).toBeNull()
  })

  it('does not touch localStorage at import time', async () => {
    const getter = vi.fn(() => fakeWebStorage())
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: getter })
    vi.resetModules()
    await import('./browser-storage.js')
    await import('./index.js')
    expect(getter).not.toHaveBeenCalled()
  })
})

/**
 * An IDB factory holding named databases, as a browser lists them; `deleteDatabase` removes one
 * the way the real one does (an absent name is no error).
 */
function fakeIndexedDb(names: string[]) {
  const databases = new Set(names)
  const deleteDatabase = vi.fn((name: string) => void databases.delete(name))
  return {
    databases: async () => [...databases].map((name) => ({ name })),
    deleteDatabase,
    remaining: () => [...databases].sort(),
  }
}

describe('clearBrowserDatabases', () => {
  it("deletes Latch's and the WalletConnect client's databases and keeps the host's", async () => {
    const factory = fakeIndexedDb(['host-app', 'keyval-store', WALLETCONNECT_DATABASE, 'wc-notes'])
    vi.stubGlobal('indexedDB', factory)
    await clearBrowserDatabases()
    expect(factory.remaining()).toEqual(['host-app', 'keyval-store', 'wc-notes'])
    expect(factory.deleteDatabase.mock.calls).toEqual(LATCH_OWNED_DATABASES.map((name) => [name]))
  })

  it('owns exactly the database @walletconnect/keyvaluestorage opens in a browser', () => {
    expect(LATCH_OWNED_DATABASES).toEqual(['WALLET_CONNECT_V2_INDEXED_DB'])
    expect(Object.isFrozen(LATCH_OWNED_DATABASES)).toBe(true)
  })

  it('deletes by name where indexedDB.databases() is missing (older browsers)', async () => {
    const deleteDatabase = vi.fn()
    vi.stubGlobal('indexedDB', { deleteDatabase })
    await clearBrowserDatabases()
    expect(deleteDatabase).toHaveBeenCalledWith(WALLETCONNECT_DATABASE)
  })

  it("with LatchStorage.clear(), as the connect helper runs them, empties Latch's keys only", async () => {
    const storage = fakeWebStorage({ 'host:cart': '3 items', 'host:theme': 'dark' })
    vi.stubGlobal('localStorage', storage)
    vi.stubGlobal('indexedDB', fakeIndexedDb(['host-app', WALLETCONNECT_DATABASE]))
    const latchStorage = createLatchStorage({ port: detectStorage(), prefix: '@latch/' })
    latchStorage.addRecentWallet({ id: 'io.latch.devwallet', name: 'Latch Dev Wallet' })
    expect([...storage.data.keys()].filter((key) => key.startsWith('@latch/'))).not.toEqual([])

    await clearBrowserDatabases()
    latchStorage.clear()

    expect(Object.fromEntries(storage.data)).toEqual({
      'host:cart': '3 items',
      'host:theme': 'dark',
    })
  })

  it('never waits for a deletion a live connection blocks', async () => {
    // A blocked deletion's request never fires success while the WalletConnect client is open.
    vi.stubGlobal('indexedDB', { deleteDatabase: vi.fn(() => ({ onsuccess: null })) })
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
  })

  it('never rejects: no indexedDB, a throwing deleteDatabase, a throwing getter', async () => {
    vi.stubGlobal('indexedDB', undefined)
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
    vi.stubGlobal('indexedDB', {
      deleteDatabase: () => {
        throw new Error('UnknownError')
      },
    })
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
    vi.stubGlobal('indexedDB', {})
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
    vi.unstubAllGlobals()
    defineThrowingGlobal('indexedDB')
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
  })
})
