import { describe, expect, it } from 'vitest'
import { createAccountBook } from './accounts.js'

const keys = [`0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`] as const

describe('createAccountBook', () => {
  it('lists the selected address first and finds accounts whatever the case', () => {
    const book = createAccountBook([...keys])
    const [first, second] = book.addresses()
    book.select(1)
    expect(book.addresses()).toEqual([second, first])
    expect(book.find(first!.toLowerCase())?.address).toBe(first)
    expect(book.find('0x1234')).toBeUndefined()
    expect(book.find(42)).toBeUndefined()
  })

  it('refuses no keys, malformed keys and out-of-range indexes', () => {
    expect(() => createAccountBook([])).toThrow('the dev wallet needs at least one private key')
    expect(() => createAccountBook(['0x1234'])).toThrow('private key 0 is not 32 bytes')
    const book = createAccountBook([...keys])
    expect(() => book.select(2)).toThrow(RangeError)
    expect(() => book.select(-1)).toThrow(RangeError)
    book.replace([keys[1]])
    expect(book.addresses()).toHaveLength(1)
  })
})
