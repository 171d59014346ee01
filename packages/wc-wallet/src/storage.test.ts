import { describe, expect, it } from 'vitest'
import { MemoryStorage } from './storage.js'

describe('MemoryStorage', () => {
  it('stores, lists and removes values', async () => {
    const storage = new MemoryStorage()
    await storage.setItem('a', { n: 1 })
    await storage.setItem('b', [1, 2])
    expect(await storage.getKeys()).toEqual(['a', 'b'])
    expect(await storage.getEntries()).toEqual([
      ['a', { n: 1 }],
      ['b', [1, 2]],
    ])
    await storage.removeItem('a')
    expect(await storage.getItem('a')).toBeUndefined()
  })

  it('keeps copies, as a serializing store does, bigints included', async () => {
    const storage = new MemoryStorage()
    const value = { id: 12n, list: [1] }
    await storage.setItem('k', value)
    value.list.push(2)
    const read = await storage.getItem<{ id: bigint; list: number[] }>('k')
    expect(read).toEqual({ id: 12n, list: [1] })
    read!.list.push(3)
    expect(await storage.getItem('k')).toEqual({ id: 12n, list: [1] })
  })

  it('is separate per instance', async () => {
    const one = new MemoryStorage()
    await one.setItem('k', 1)
    expect(await new MemoryStorage().getItem('k')).toBeUndefined()
  })
})
