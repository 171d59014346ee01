import { describe, expect, it } from 'vitest'
import { SESSION_KEY, createSessionStore } from './session.js'
import type { SessionStorageLike } from './types.js'

function storage(initial: Record<string, string> = {}): SessionStorageLike {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('createSessionStore', () => {
  it('starts disconnected and round-trips the record through the storage', () => {
    const backing = storage()
    expect(createSessionStore(backing).read()).toEqual({ connected: false })
    createSessionStore(backing).write({ connected: true, chainId: 31338 })
    expect(backing.getItem(SESSION_KEY)).toBe('{"connected":true,"chainId":31338}')
    expect(createSessionStore(backing).read()).toEqual({ connected: true, chainId: 31338 })
  })

  it('keeps the record in memory without storage', () => {
    const store = createSessionStore(undefined)
    store.write({ connected: true, chainId: 1 })
    expect(store.read()).toEqual({ connected: true, chainId: 1 })
  })

  it('treats junk or a throwing storage as no session, without throwing', () => {
    expect(createSessionStore(storage({ [SESSION_KEY]: '{oops' })).read()).toEqual({
      connected: false,
    })
    expect(createSessionStore(storage({ [SESSION_KEY]: '{"connected":"yes"}' })).read()).toEqual({
      connected: false,
    })
    const broken: SessionStorageLike = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => undefined,
    }
    const store = createSessionStore(broken)
    expect(store.read()).toEqual({ connected: false })
    expect(() => store.write({ connected: true })).not.toThrow()
  })
})
