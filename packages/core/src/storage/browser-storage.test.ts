import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  clearBrowserDatabases,
  createWebStoragePort,
  detectStorage,
  type WebStorageLike,
} from './browser-storage.js'

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

describe('clearBrowserDatabases', () => {
  it('deletes every named database', async () => {
    const deleteDatabase = vi.fn()
    vi.stubGlobal('indexedDB', {
      databases: async () => [{ name: 'walletconnect' }, { name: 'host-db' }, {}],
      deleteDatabase,
    })
    await clearBrowserDatabases()
    expect(deleteDatabase.mock.calls).toEqual([['walletconnect'], ['host-db']])
  })

  it('keeps deleting after one deletion throws', async () => {
    const deleteDatabase = vi.fn((name: string) => {
      if (name === 'a') throw new Error('blocked')
    })
    vi.stubGlobal('indexedDB', {
      databases: async () => [{ name: 'a' }, { name: 'b' }],
      deleteDatabase,
    })
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
    expect(deleteDatabase).toHaveBeenCalledWith('b')
  })

  it('never rejects: no indexedDB, no databases(), a rejecting databases(), a throwing getter', async () => {
    vi.stubGlobal('indexedDB', undefined)
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
    vi.stubGlobal('indexedDB', { deleteDatabase: vi.fn() })
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
    vi.stubGlobal('indexedDB', {
      databases: () => Promise.reject(new Error('denied')),
      deleteDatabase: vi.fn(),
    })
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
    vi.unstubAllGlobals()
    defineThrowingGlobal('indexedDB')
    await expect(clearBrowserDatabases()).resolves.toBeUndefined()
  })
})
