import { describe, expect, it } from 'vitest'
import { DEFAULT_FEE_ESTIMATES, feeEstimatesSchema, recommendedFees } from './fees.js'

describe('fee estimates', () => {
  it('default to a falling table, and mempool.space’s recommended fees follow it', () => {
    const rates = Object.values(DEFAULT_FEE_ESTIMATES)
    expect(rates).toEqual([...rates].sort((a, b) => b - a))
    expect(recommendedFees({ '2': 7.5, '10': 3 })).toEqual({
      fastestFee: 8,
      halfHourFee: 3,
      hourFee: 3,
      economyFee: 3,
      minimumFee: 3,
    })
  })

  it('validate a table passed as an option', () => {
    expect(feeEstimatesSchema.safeParse({ '1': 5, '6': 2.5 }).success).toBe(true)
    for (const bad of [{}, { '0': 1 }, { one: 1 }, { '1': 0 }, { '1': -2 }, { '1': 'fast' }]) {
      expect(feeEstimatesSchema.safeParse(bad).success).toBe(false)
    }
  })
})
