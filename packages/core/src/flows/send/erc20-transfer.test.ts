import { describe, expect, it } from 'vitest'
import { isLatchError } from '../../errors/latch-error.js'
import { encodeErc20Transfer, ERC20_TRANSFER_SELECTOR } from './erc20-transfer.js'

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('encodeErc20Transfer', () => {
  it('is the selector, then the address and the amount as 32-byte words', () => {
    const data = encodeErc20Transfer(receiver, 1000n)
    expect(data.slice(0, 10)).toBe(ERC20_TRANSFER_SELECTOR)
    expect(data).toHaveLength(2 + 8 + 64 + 64)
    expect(data.slice(10, 74)).toBe(receiver.slice(2).toLowerCase().padStart(64, '0'))
    expect(BigInt(`0x${data.slice(74)}`)).toBe(1000n)
  })

  it('takes an address without 0x, and the largest uint256', () => {
    const max = 2n ** 256n - 1n
    const data = encodeErc20Transfer(receiver.slice(2), max)
    expect(data.slice(74)).toBe('f'.repeat(64))
    expect(data.slice(10, 74)).toBe(encodeErc20Transfer(receiver, max).slice(10, 74))
  })

  it.each([['0x1234'], ['not an address'], [`${receiver}00`], ['']])(
    'refuses the receiver %j',
    (to) => {
      expect(() => encodeErc20Transfer(to, 1n)).toThrow('Invalid CAIP Address')
    },
  )

  it.each([[-1n], [2n ** 256n]])('refuses the amount %s', (amount) => {
    let thrown: unknown
    try {
      encodeErc20Transfer(receiver, amount)
    } catch (error) {
      thrown = error
    }
    expect(isLatchError(thrown, 'INVALID_AMOUNT')).toBe(true)
  })
})
