import { describe, expect, it } from 'vitest'
import { LatchError } from '../../errors/latch-error.js'
import { sameAccount, signInFailure } from './sign-in-rules.js'

describe('sign-in rules', () => {
  const eoa = { isSmartAccount: false }
  const smart = { isSmartAccount: true }
  const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 })

  it("SPEC §8: a wallet's refusal reads 'Signature declined', or the smart-account text", () => {
    expect(signInFailure(rejected, 'signature', eoa).message).toBe('Signature declined')
    expect(signInFailure(rejected, 'signature', smart).message).toBe(
      'This application might not support Smart Accounts',
    )
  })

  it("a verifier's refusal is declined too; a server that cannot be reached is said as it is", () => {
    expect(signInFailure(new Error('bad signature'), 'verification', eoa).code).toBe(
      'SIGNATURE_DECLINED',
    )
    const refused = new LatchError('HTTP_STATUS', { values: { status: 401 } })
    expect(signInFailure(refused, 'verification', smart).code).toBe('SMART_ACCOUNT_NOT_SUPPORTED')
    const down = new LatchError('HTTP_STATUS', { values: { status: 502 } })
    expect(signInFailure(down, 'verification', eoa)).toBe(down)
    const unreachable = new LatchError('UNKNOWN_ERROR')
    expect(signInFailure(unreachable, 'verification', eoa)).toBe(unreachable)
    // The message could not be written: the backend's own failure.
    expect(signInFailure(down, 'message', eoa).code).toBe('HTTP_STATUS')
  })

  it('one account whatever the case of an EVM address, and exactly otherwise', () => {
    const evm = { chainId: 'eip155:1', address: '0xAbC0000000000000000000000000000000000001' }
    expect(sameAccount(evm, { ...evm, address: evm.address.toLowerCase() })).toBe(true)
    expect(sameAccount(evm, { ...evm, chainId: 'eip155:10' })).toBe(false)
    const sol = { chainId: 'solana:localnet', address: 'So1anaAddre55' }
    expect(sameAccount(sol, { ...sol, address: 'so1anaaddre55' })).toBe(false)
  })
})
