import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from './memory-storage.js'

describe('createMemoryStorage', () => {
  it('stores, reads, lists and removes items', () => {
    const port = createMemoryStorage()
    expect(port.getItem('a')).toBeNull()
    port.setItem('a', '1')
    port.setItem('b', '2')
    expect(port.getItem('a')).toBe('1')
    expect(port.keys().sort()).toEqual(['a', 'b'])
    port.removeItem('a')
    port.removeItem('missing')
    expect(port.getItem('a')).toBeNull()
    expect(port.keys()).toEqual(['b'])
  })

  it('starts from the initial entries without aliasing the given object', () => {
    const initial = { x: 'y' }
    const port = createMemoryStorage(initial)
    port.setItem('z', 'w')
    expect(port.getItem('x')).toBe('y')
    expect(initial).toEqual({ x: 'y' })
  })

  it('gives every call its own store', () => {
    const first = createMemoryStorage()
    const second = createMemoryStorage()
    first.setItem('k', 'v')
    expect(second.getItem('k')).toBeNull()
    expect(second.keys()).toEqual([])
  })

  it('keeps keys like __proto__ as plain entries', () => {
    const port = createMemoryStorage()
    port.setItem('__proto__', 'x')
    expect(port.getItem('__proto__')).toBe('x')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
