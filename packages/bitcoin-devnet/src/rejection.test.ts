import { describe, expect, it } from 'vitest'
import { formatMoney } from './rejection.js'

describe('formatMoney', () => {
  it.each([
    [0n, '0.00'],
    [100_000_000n, '1.00'],
    [100_010_000n, '1.0001'],
    [1n, '0.00000001'],
    [-150_000_000n, '-1.50'],
  ])('writes %s sats as bitcoind does: %s', (sats, text) => {
    expect(formatMoney(sats)).toBe(text)
  })
})
