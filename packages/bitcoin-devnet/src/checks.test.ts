import { describe, expect, it } from 'vitest'
import { fromHex } from './bitcoin.js'
import { dustThreshold } from './checks.js'

const bytes = (hex: string) => fromHex(hex)!
const HASH20 = 'ab'.repeat(20)
const HASH32 = 'cd'.repeat(32)

describe('dustThreshold', () => {
  it('is bitcoind’s, at 3 sat/vB', () => {
    expect(dustThreshold(bytes(`0014${HASH20}`))).toBe(294n)
    expect(dustThreshold(bytes(`5120${HASH32}`))).toBe(330n)
    expect(dustThreshold(bytes(`76a914${HASH20}88ac`))).toBe(546n)
    expect(dustThreshold(bytes('6a00'))).toBe(0n)
  })
})
