import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../errors/latch-error.js'
import { COIN_TYPE_FLAG, assertEvmChainId, evmChainIdToCoinType } from './chain-id.js'

function expectInvalidChainId(run: () => unknown, label: string): void {
  let thrown: unknown
  try {
    run()
  } catch (error) {
    thrown = error
  }
  expect(thrown, label).toBeInstanceOf(LatchError)
  expect((thrown as LatchError).code).toBe('INVALID_CHAIN_ID')
  expect((thrown as LatchError).message).toBe('Invalid chainId')
}

describe('assertEvmChainId', () => {
  it('accepts non-negative integers below 2147483648 as numbers, bigints, decimal or hex text', () => {
    expect(assertEvmChainId(0)).toBe(0)
    expect(assertEvmChainId(1)).toBe(1)
    expect(assertEvmChainId(2147483647)).toBe(2147483647)
    expect(assertEvmChainId(137n)).toBe(137)
    expect(assertEvmChainId('8453')).toBe(8453)
    expect(assertEvmChainId('0x89')).toBe(137)
    expect(assertEvmChainId('0x7fffffff')).toBe(2147483647)
  })

  it("rejects 2147483648 and above, negatives, fractions and junk with 'Invalid chainId'", () => {
    const bad: unknown[] = [
      2147483648,
      2 ** 53,
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2147483648n,
      -1n,
      '2147483648',
      '0x80000000',
      '',
      '0x',
      '-1',
      '+1',
      '1e3',
      '1.0',
      ' 1',
      '1 ',
      '0X89',
      '١',
      '9'.repeat(10_000),
      undefined,
      null,
      {},
    ]
    for (const value of bad) {
      expectInvalidChainId(() => assertEvmChainId(value as number), String(value).slice(0, 20))
    }
  })

  it('accepts exactly the safe integers 0..2147483647, whatever form they come in', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (n) => {
        const valid = n >= 0 && n < COIN_TYPE_FLAG
        for (const form of [n, BigInt(n), String(n), n >= 0 ? `0x${n.toString(16)}` : `-0x1`]) {
          if (valid) expect(assertEvmChainId(form)).toBe(n)
          else expectInvalidChainId(() => assertEvmChainId(form), String(form))
        }
      }),
    )
  })
})

describe('evmChainIdToCoinType', () => {
  it('is the chain id OR 2147483648, as an unsigned number', () => {
    expect(COIN_TYPE_FLAG).toBe(2147483648)
    expect(evmChainIdToCoinType(1)).toBe(2147483649)
    expect(evmChainIdToCoinType(0)).toBe(2147483648)
    expect(evmChainIdToCoinType(137)).toBe(2147483785)
    expect(evmChainIdToCoinType('0xa')).toBe(2147483658)
    expect(evmChainIdToCoinType(2147483647)).toBe(4294967295)
  })

  it('validates the chain id first', () => {
    expectInvalidChainId(() => evmChainIdToCoinType(2147483648), '2147483648')
    expectInvalidChainId(() => evmChainIdToCoinType(-1), '-1')
  })

  it('keeps the chain id in the low 31 bits and always sets the flag', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: COIN_TYPE_FLAG - 1 }), (chainId) => {
        const coinType = evmChainIdToCoinType(chainId)
        expect(coinType).toBe(chainId + COIN_TYPE_FLAG)
        expect(coinType).toBeGreaterThan(0)
        expect(coinType - COIN_TYPE_FLAG).toBe(chainId)
      }),
    )
  })
})
