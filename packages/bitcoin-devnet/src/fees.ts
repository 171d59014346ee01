/**
 * The fee estimates the devnet serves: a fixed table, since regtest has no fee market. Esplora's
 * `GET /fee-estimates` shape (confirmation target in blocks → sat/vB) and mempool.space's
 * `GET /v1/fees/recommended`, both read from the same table.
 */
import { z } from 'zod'

/** Confirmation target (blocks, as a decimal string) → fee rate in sat/vB. */
export type FeeEstimates = Readonly<Record<string, number>>

/** mempool.space's `/v1/fees/recommended`: whole sat/vB. */
export interface RecommendedFees {
  fastestFee: number
  halfHourFee: number
  hourFee: number
  economyFee: number
  minimumFee: number
}

/**
 * The default table, for Esplora's targets (1-25, 144, 504, 1008 blocks): falling from 20 sat/vB
 * for the next block to bitcoind's 1 sat/vB minimum relay fee.
 */
export const DEFAULT_FEE_ESTIMATES: FeeEstimates = Object.freeze({
  ...Object.fromEntries(
    Array.from({ length: 25 }, (_, index): [string, number] => {
      const target = index + 1
      const rate = [20, 15, 12, 10, 9, 8, 7, 6][index] ?? (target <= 12 ? 5 : target <= 18 ? 4 : 3)
      return [String(target), rate]
    }),
  ),
  '144': 2,
  '504': 1,
  '1008': 1,
})

const TARGET = /^[1-9][0-9]{0,4}$/

/** A fee table passed as an option: whole-block targets to positive, finite sat/vB rates. */
export const feeEstimatesSchema = z
  .record(z.string(), z.number().positive().finite())
  .superRefine((table, context) => {
    const targets = Object.keys(table)
    if (targets.length === 0) {
      context.addIssue({ code: 'custom', message: 'the fee table needs at least one target' })
    }
    for (const target of targets.filter((key) => !TARGET.test(key))) {
      context.addIssue({
        code: 'custom',
        path: [target],
        message: 'a confirmation target is a whole number of blocks',
      })
    }
  })

/** The rate for a target: the table's entry at that target or the nearest longer one. */
function rateFor(table: FeeEstimates, target: number): number {
  const targets = Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b)
  const at = targets.find((candidate) => candidate >= target) ?? targets[targets.length - 1]!
  return table[String(at)]!
}

/** mempool.space's recommended fees from a table (next block, 3, 6, 144 and 1008 blocks). */
export function recommendedFees(table: FeeEstimates): RecommendedFees {
  const whole = (rate: number) => Math.max(1, Math.ceil(rate))
  return {
    fastestFee: whole(rateFor(table, 1)),
    halfHourFee: whole(rateFor(table, 3)),
    hourFee: whole(rateFor(table, 6)),
    economyFee: whole(rateFor(table, 144)),
    minimumFee: whole(rateFor(table, 1008)),
  }
}
