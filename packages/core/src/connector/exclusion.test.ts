import { describe, expect, it } from 'vitest'
import { isWalletExcluded, withoutExcludedWallets } from './exclusion.js'

const dev = { id: 'c57ca95b', rdns: 'io.latch.devwallet', name: 'Latch Dev Wallet' }

describe('excluded wallets (SPEC §5)', () => {
  it('hides a wallet by directory id, by rdns or by name', () => {
    expect(isWalletExcluded(dev, ['c57ca95b'])).toBe(true)
    expect(isWalletExcluded(dev, ['io.latch.devwallet'])).toBe(true)
    expect(isWalletExcluded(dev, [' latch dev wallet '])).toBe(true)
  })

  it('keeps wallets that match nothing, and everything when the list is empty', () => {
    expect(isWalletExcluded(dev, ['io.other', 'Other'])).toBe(false)
    expect(isWalletExcluded(dev, [])).toBe(false)
  })

  it('does not match a name against a partial string or an absent rdns', () => {
    expect(isWalletExcluded({ id: 'x', name: 'Latch' }, ['Latch Dev'])).toBe(false)
    expect(isWalletExcluded({ id: 'x', name: 'n' }, [''])).toBe(false)
  })

  it('filters a list, keeping order', () => {
    const list = [dev, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }]
    expect(withoutExcludedWallets(list, ['B']).map((w) => w.id)).toEqual(['c57ca95b', 'c'])
  })
})
