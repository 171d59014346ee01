import { describe, expect, it } from 'vitest'
import { selectCoins, type SelectionRequest } from './select.js'

const coin = (value: number, index = value) => ({
  txid: index.toString(16).padStart(64, '0'),
  vout: 0,
  value: BigInt(value),
})

// One P2WPKH payment: 10.5 + 31 (the recipient), 68 an input, 31 the change.
const base: Omit<SelectionRequest, 'coins' | 'paying'> = {
  feeRate: 2,
  baseVbytes: 41.5,
  inputVbytes: 68,
  changeVbytes: 31,
  changeDust: 294n,
}

describe('coin selection', () => {
  it('takes the largest coins first, just enough, and sends the rest back as change', () => {
    const selection = selectCoins({
      ...base,
      coins: [coin(20_000), coin(50_000), coin(30_000)],
      paying: 60_000n,
    })
    expect(selection.coins.map((c) => c.value)).toEqual([50_000n, 30_000n])
    // 41.5 + 2 × 68 + 31 = 208.5 → 209 vB at 2 sat/vB.
    expect(selection.fee).toBe(418n)
    expect(selection.change).toBe(80_000n - 60_000n - 418n)
  })

  it('leaves dust change to the fee instead of making an output of it', () => {
    // 41.5 + 68 = 109.5 → 110 vB, 220 sats without change; with change 141 vB, 282 sats.
    const selection = selectCoins({ ...base, coins: [coin(10_500)], paying: 10_000n })
    expect(selection.change).toBe(0n)
    expect(selection.fee).toBe(500n)
  })

  it('refuses what the coins cannot cover with their fee, naming the amounts', () => {
    let thrown: unknown
    try {
      selectCoins({ ...base, coins: [coin(10_000), coin(5_000)], paying: 14_900n })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ code: 'INVALID_AMOUNT', values: { value: '14900' } })
    expect((thrown as Error).cause).toEqual(
      new Error('Insufficient funds: 15000 sats available, 15256 needed'),
    )
    expect(() => selectCoins({ ...base, coins: [], paying: 1n })).toThrow('Invalid amount: 1')
  })
})
