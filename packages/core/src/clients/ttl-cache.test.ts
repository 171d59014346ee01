import { describe, expect, it } from 'vitest'
import { createTtlCache } from './ttl-cache.js'

describe('ttl cache', () => {
  it('answers while fresh, forgets after its lifetime, and drops expired entries as new come', () => {
    let now = 0
    const cache = createTtlCache<number>(30_000, () => now)
    cache.set('a', 1)
    now = 29_999
    expect(cache.get('a')).toBe(1)
    now = 30_000
    expect(cache.get('a')).toBeUndefined()
    cache.set('b', 2)
    cache.delete('b')
    expect(cache.get('b')).toBeUndefined()
  })
})
