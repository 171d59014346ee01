import { describe, expect, it } from 'vitest'
import {
  expectSignature,
  expectTransactionHash,
  isSignature,
  isTransactionHash,
} from './results.js'
import { validateCalls } from './send-calls.js'

describe('wallet results (SPEC §5)', () => {
  it('a transaction is a 0x-prefixed 64-hex string, nothing else', () => {
    expect(isTransactionHash('0x' + 'a'.repeat(64))).toBe(true)
    expect(isTransactionHash('0x' + 'a'.repeat(63))).toBe(false)
    expect(isTransactionHash('0x' + 'a'.repeat(65))).toBe(false)
    expect(isTransactionHash('a'.repeat(66))).toBe(false)
    expect(isTransactionHash({ hash: '0x' + 'a'.repeat(64) })).toBe(false)
    expect(() => expectTransactionHash('ok')).toThrow(
      'The wallet did not return a transaction hash',
    )
  })

  it('a signature is a 0x-prefixed hex string of at least 62 characters', () => {
    expect(isSignature('0x' + 'b'.repeat(60))).toBe(true)
    expect(isSignature('0x' + 'b'.repeat(59))).toBe(false)
    expect(isSignature('0x' + 'g'.repeat(130))).toBe(false)
    expect(() => expectSignature(undefined)).toThrow('The wallet did not return a signature')
  })
})

describe('wallet_sendCalls validation (SPEC §5)', () => {
  it('accepts calls whose to starts with 0x, and data with 0x when present', () => {
    expect(() =>
      validateCalls([{ to: '0xab' }, { to: '0xcd', data: '0x12', value: 1n }]),
    ).not.toThrow()
  })

  it('rejects a call whose to does not start with 0x, naming the call', () => {
    expect(() => validateCalls([{ to: '0xab' }, { to: 'ab' }])).toThrow(
      'Invalid call 1: `to` must start with 0x',
    )
  })

  it('rejects data that does not start with 0x', () => {
    expect(() => validateCalls([{ to: '0xab', data: '12' }])).toThrow(
      'Invalid call 0: `data` must start with 0x',
    )
  })
})
