import { LatchError } from '../errors/latch-error.js'
import { displayValue } from './display-value.js'

/** Digits, at most one dot, at least one digit: `123`, `123.45`, `.5`, `0.`. ASCII digits only. */
const DECIMAL_AMOUNT = /^(?=\.?[0-9])([0-9]*)(?:\.([0-9]*))?$/
const DECIMAL_INTEGER = /^[0-9]+$/
const HEX_INTEGER = /^0x[0-9a-fA-F]+$/i
const MAX_DECIMALS = 255
/** A transaction value is a uint256. */
const MAX_UINT256 = 2n ** 256n - 1n
// 2^256 has 78 decimal digits; longer text is not parsed at all (leading zeros aside, it is too big).
const MAX_VALUE_TEXT_LENGTH = 100

function assertDigits(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_DECIMALS) {
    throw new LatchError('INVALID_DECIMALS', { values: { value: displayValue(value) } })
  }
  return value
}

function invalidAmount(value: unknown): LatchError {
  return new LatchError('INVALID_AMOUNT', { values: { value: displayValue(value) } })
}

/**
 * Parses a decimal amount typed by a person into base units, exactly (never through floating
 * point): `parseAmount('1.5', 18)` → `1500000000000000000n`. Surrounding whitespace is ignored.
 *
 * Rejected: negatives and signs, exponents, several dots, group separators, non-ASCII digits,
 * empty text, and more fraction digits than `decimals`, which is never rounded away silently.
 * @param decimals the token's decimals, an integer from 0 to 255.
 * @throws LatchError `INVALID_AMOUNT` ('Invalid amount: {value}') or `INVALID_DECIMALS`
 * ('Invalid decimals: {value}').
 */
export function parseAmount(text: string, decimals: number): bigint {
  assertDigits(decimals)
  if (typeof text !== 'string') throw invalidAmount(text)
  const match = DECIMAL_AMOUNT.exec(text.trim())
  if (!match) throw invalidAmount(text)
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals) throw invalidAmount(text)
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

/** The exact digits of |value| split at `decimals`, the fraction keeping all its digits. */
function splitDigits(value: bigint, decimals: number): { whole: string; fraction: string } {
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0')
  const cut = digits.length - decimals
  return { whole: digits.slice(0, cut), fraction: digits.slice(cut) }
}

/**
 * Formats base units as an exact decimal amount, as short as possible: no trailing fraction
 * zeros and no trailing dot. `formatAmount(1500000000000000000n, 18)` → `'1.5'`;
 * `formatAmount(-5n, 2)` → `'-0.05'`.
 * @throws LatchError `INVALID_AMOUNT` when `value` is not a bigint, `INVALID_DECIMALS` when
 * `decimals` is not an integer from 0 to 255.
 */
export function formatAmount(value: bigint, decimals: number): string {
  assertDigits(decimals)
  if (typeof value !== 'bigint') throw invalidAmount(value)
  const { whole, fraction } = splitDigits(value, decimals)
  const trimmed = fraction.replace(/0+$/, '')
  const sign = value < 0n ? '-' : ''
  return trimmed ? `${sign}${whole}.${trimmed}` : `${sign}${whole}`
}

/**
 * Formats base units with exactly `fractionDigits` fraction digits, for display (SPEC §9: a
 * balance shown as `0.00`). Extra digits are cut, never rounded up, so a balance is never shown
 * higher than it is: `formatAmountFixed(1999n, 3, 2)` → `'1.99'`; `formatAmountFixed(0n, 18, 2)`
 * → `'0.00'`. A negative value that cuts to zero is shown as zero, without a sign.
 * @param fractionDigits an integer from 0 to 255; 0 gives no dot.
 * @throws LatchError `INVALID_AMOUNT` or `INVALID_DECIMALS` as {@link formatAmount}, the latter
 * also for `fractionDigits`.
 */
export function formatAmountFixed(value: bigint, decimals: number, fractionDigits: number): string {
  assertDigits(decimals)
  assertDigits(fractionDigits)
  if (typeof value !== 'bigint') throw invalidAmount(value)
  const { whole, fraction } = splitDigits(value, decimals)
  const shown = fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')
  const isZero = /^0*$/.test(whole + shown)
  const sign = value < 0n && !isZero ? '-' : ''
  return fractionDigits === 0 ? `${sign}${whole}` : `${sign}${whole}.${shown}`
}

/**
 * A transaction's `value` in wei, read leniently: SPEC §5 says a value that is not a number is
 * treated as zero. Accepted: a bigint, a non-negative safe integer number, a decimal-integer or
 * 0x-hex string (surrounding whitespace ignored). Everything else (NaN, fractions, negatives,
 * junk, values above 2^256 - 1) gives `0n`. Never throws.
 */
export function parseTransactionValue(value: unknown): bigint {
  const parsed = readTransactionValue(value)
  return parsed !== undefined && parsed >= 0n && parsed <= MAX_UINT256 ? parsed : 0n
}

function readTransactionValue(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  if (text.length > MAX_VALUE_TEXT_LENGTH) return undefined
  return DECIMAL_INTEGER.test(text) || HEX_INTEGER.test(text) ? BigInt(text) : undefined
}
