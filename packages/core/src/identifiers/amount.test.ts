import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../errors/latch-error.js'
import { formatAmount, formatAmountFixed, parseAmount, parseTransactionValue } from './amount.js'

function latchErrorOf(run: () => unknown): LatchError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(LatchError)
    return error as LatchError
  }
  throw new Error('expected a LatchError, nothing was thrown')
}

const MAX_UINT256 = 2n ** 256n - 1n

describe('parseAmount', () => {
  it('reads whole, fractional and dot-edged amounts into base units', () => {
    expect(parseAmount('123', 0)).toBe(123n)
    expect(parseAmount('123', 2)).toBe(12300n)
    expect(parseAmount('123.45', 2)).toBe(12345n)
    expect(parseAmount('.5', 1)).toBe(5n)
    expect(parseAmount('0.', 6)).toBe(0n)
    expect(parseAmount('7.', 0)).toBe(7n)
    expect(parseAmount('007.10', 3)).toBe(7100n)
    expect(parseAmount('  1.5\t\n', 9)).toBe(1_500_000_000n)
  })

  it('is exact at 18 decimals, where floating point is not', () => {
    expect(parseAmount('1.000000000000000001', 18)).toBe(1000000000000000001n)
    expect(formatAmount(1000000000000000001n, 18)).toBe('1.000000000000000001')
    expect(parseAmount('0.1', 18) + parseAmount('0.2', 18)).toBe(parseAmount('0.3', 18))
    expect(
      parseAmount(
        '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
        18,
      ),
    ).toBe(MAX_UINT256)
  })

  it('rejects signs, exponents, several dots, separators, non-ASCII digits and empty text', () => {
    for (const text of [
      '-1',
      '+1',
      '-0',
      '1e3',
      '1E3',
      '1.2.3',
      '1..2',
      '1,000',
      '1 000',
      '1_000',
      "1'000",
      '',
      '   ',
      '.',
      'abc',
      '0x10',
      'Infinity',
      'NaN',
      '١٢٣',
      '１２',
      '1.5 ETH',
    ]) {
      const error = latchErrorOf(() => parseAmount(text, 18))
      expect(error.code, text).toBe('INVALID_AMOUNT')
      expect(error.message).toBe(`Invalid amount: ${text}`)
    }
  })

  it('rejects more fraction digits than the token has instead of rounding them away', () => {
    expect(latchErrorOf(() => parseAmount('1.234', 2)).message).toBe('Invalid amount: 1.234')
    expect(latchErrorOf(() => parseAmount('1.0', 0)).message).toBe('Invalid amount: 1.0')
    expect(latchErrorOf(() => parseAmount('0.0000000000000000001', 18)).code).toBe('INVALID_AMOUNT')
    expect(parseAmount('1.23', 2)).toBe(123n)
  })

  it('rejects non-string amounts', () => {
    for (const [value, shown] of [
      [1.5, '1.5'],
      [10n, '10'],
      [undefined, 'undefined'],
      [null, 'null'],
      [{}, '[object Object]'],
    ] as const) {
      expect(latchErrorOf(() => parseAmount(value as unknown as string, 2)).message).toBe(
        `Invalid amount: ${shown}`,
      )
    }
  })

  it('requires decimals to be an integer from 0 to 255', () => {
    expect(parseAmount('1', 255)).toBe(10n ** 255n)
    for (const decimals of [-1, 256, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = latchErrorOf(() => parseAmount('1', decimals))
      expect(error.code).toBe('INVALID_DECIMALS')
      expect(error.message).toBe(`Invalid decimals: ${decimals}`)
    }
    expect(latchErrorOf(() => parseAmount('1', '2' as unknown as number)).code).toBe(
      'INVALID_DECIMALS',
    )
  })
})

describe('formatAmount', () => {
  it('writes the shortest exact decimal: no trailing fraction zeros, no trailing dot', () => {
    expect(formatAmount(0n, 18)).toBe('0')
    expect(formatAmount(1n, 18)).toBe('0.000000000000000001')
    expect(formatAmount(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(formatAmount(2_000_000n, 6)).toBe('2')
    expect(formatAmount(12345n, 2)).toBe('123.45')
    expect(formatAmount(12345n, 0)).toBe('12345')
    expect(formatAmount(MAX_UINT256, 0)).toBe(MAX_UINT256.toString())
  })

  it('writes negative amounts with a leading minus', () => {
    expect(formatAmount(-5n, 2)).toBe('-0.05')
    expect(formatAmount(-1_500_000_000n, 9)).toBe('-1.5')
    expect(formatAmount(-7n, 0)).toBe('-7')
  })

  it('rejects a value that is not a bigint and invalid decimals', () => {
    expect(latchErrorOf(() => formatAmount(5 as unknown as bigint, 2)).message).toBe(
      'Invalid amount: 5',
    )
    expect(latchErrorOf(() => formatAmount(5n, 256)).message).toBe('Invalid decimals: 256')
  })
})

describe('formatAmountFixed', () => {
  it('shows exactly the asked fraction digits, zero as 0.00 (SPEC §9)', () => {
    expect(formatAmountFixed(0n, 18, 2)).toBe('0.00')
    expect(formatAmountFixed(0n, 0, 2)).toBe('0.00')
    expect(formatAmountFixed(12n, 0, 2)).toBe('12.00')
    expect(formatAmountFixed(1_500_000_000n, 9, 4)).toBe('1.5000')
    expect(formatAmountFixed(123_456n, 3, 0)).toBe('123')
    expect(formatAmountFixed(5n, 1, 3)).toBe('0.500')
  })

  it('cuts extra digits toward zero, never rounding up', () => {
    expect(formatAmountFixed(1999n, 3, 2)).toBe('1.99')
    expect(formatAmountFixed(999_999_999_999_999_999n, 18, 2)).toBe('0.99')
    expect(formatAmountFixed(-1999n, 3, 2)).toBe('-1.99')
    expect(formatAmountFixed(-1n, 3, 2)).toBe('0.00')
    expect(formatAmountFixed(-1000n, 3, 0)).toBe('-1')
  })

  it('validates its inputs', () => {
    expect(latchErrorOf(() => formatAmountFixed(1n, 2, -1)).message).toBe('Invalid decimals: -1')
    expect(latchErrorOf(() => formatAmountFixed(1n, 2, 2.5)).code).toBe('INVALID_DECIMALS')
    expect(latchErrorOf(() => formatAmountFixed(1n, 256, 2)).code).toBe('INVALID_DECIMALS')
    expect(latchErrorOf(() => formatAmountFixed('1' as unknown as bigint, 2, 2)).code).toBe(
      'INVALID_AMOUNT',
    )
  })
})

describe('parseTransactionValue', () => {
  it('reads bigints, safe non-negative integers, and decimal or hex integer text', () => {
    expect(parseTransactionValue(10n ** 18n)).toBe(10n ** 18n)
    expect(parseTransactionValue(0)).toBe(0n)
    expect(parseTransactionValue(42)).toBe(42n)
    expect(parseTransactionValue(Number.MAX_SAFE_INTEGER)).toBe(9007199254740991n)
    expect(parseTransactionValue('1000000000000000000')).toBe(10n ** 18n)
    expect(parseTransactionValue('0xde0b6b3a7640000')).toBe(10n ** 18n)
    expect(parseTransactionValue('0XFF')).toBe(255n)
    expect(parseTransactionValue(' 0x10 ')).toBe(16n)
    expect(parseTransactionValue(`0x${'f'.repeat(64)}`)).toBe(MAX_UINT256)
  })

  it('treats a value that is not a number as zero (SPEC §5)', () => {
    for (const value of [
      undefined,
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1.5,
      -1,
      2 ** 53,
      -1n,
      MAX_UINT256 + 1n,
      '',
      '0x',
      '-1',
      '1.5',
      '1e18',
      'abc',
      '١٢',
      `0x1${'0'.repeat(64)}`,
      '9'.repeat(1000),
      {},
      [],
      [1],
      true,
      Symbol('value'),
    ]) {
      expect(parseTransactionValue(value), String(value).slice(0, 30)).toBe(0n)
    }
  })
})

describe('amounts (properties)', () => {
  it('parseAmount(formatAmount(v, d), d) === v for every v >= 0 and d in 0..40', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 300n }),
        fc.integer({ min: 0, max: 40 }),
        (v, d) => {
          expect(parseAmount(formatAmount(v, d), d)).toBe(v)
        },
      ),
    )
  })

  it('formatAmount(parseAmount(s, d), d) is s written in its normal form', () => {
    const digits = (maxLength: number) =>
      fc.array(fc.constantFrom(...'0123456789'), { maxLength }).map((chars) => chars.join(''))
    const amount = fc
      .record({ whole: digits(30), fraction: digits(40), dot: fc.boolean(), extra: fc.nat(10) })
      .filter(({ whole, fraction }) => whole.length + fraction.length > 0)
    fc.assert(
      fc.property(amount, ({ whole, fraction, dot, extra }) => {
        const text = dot || fraction ? `${whole}.${fraction}` : whole
        const decimals = fraction.length + extra
        const normalWhole = whole.replace(/^0+(?=.)/, '') || '0'
        const normalFraction = fraction.replace(/0+$/, '')
        const normal = normalFraction ? `${normalWhole}.${normalFraction}` : normalWhole
        expect(formatAmount(parseAmount(text, decimals), decimals)).toBe(normal)
      }),
    )
  })

  it('formatAmountFixed shows the exact amount cut toward zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (v, d, f) => {
          const fixed = formatAmountFixed(v, d, f)
          const magnitude = parseAmount(fixed.replace(/^-/, ''), Math.max(d, f))
          const exact = (v < 0n ? -v : v) * 10n ** BigInt(Math.max(d, f) - d)
          const unit = 10n ** BigInt(Math.max(d, f) - f)
          expect(magnitude).toBe(exact - (exact % unit))
          expect(fixed.startsWith('-')).toBe(v < 0n && magnitude > 0n)
          expect(fixed.split('.')[1]?.length ?? 0).toBe(f)
        },
      ),
    )
  })

  it('parseTransactionValue never throws and never returns a value outside uint256', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.bigInt(), fc.double()), (value) => {
        const parsed = parseTransactionValue(value)
        expect(parsed >= 0n && parsed <= MAX_UINT256).toBe(true)
      }),
    )
  })
})
