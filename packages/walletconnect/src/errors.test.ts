import { LatchError, isUserRejectedError, rpcErrorCode, toLatchError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { WalletRpcError, pairingAbortedError, toPairingError, toRequestError } from './errors.js'

describe('toPairingError', () => {
  it.each([
    [5000, 'User rejected.'],
    [5001, 'User rejected chains.'],
    [5002, 'User rejected methods.'],
    [5003, 'User rejected events.'],
  ])('turns a declined proposal (%i) into USER_REJECTED with code 4001', (code, message) => {
    const error = toPairingError({ code, message })
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toBe('USER_REJECTED')
    expect(error.message).toBe('User rejected the request.')
    expect(rpcErrorCode((error as LatchError).cause)).toBe(4001)
    expect(isUserRejectedError(error)).toBe(true)
    expect(toLatchError(error).code).toBe('USER_REJECTED')
  })

  it('keeps other failures as they are', () => {
    const expired = toPairingError({ code: 0, message: 'Proposal expired' })
    expect(expired).toBeInstanceOf(WalletRpcError)
    expect(isUserRejectedError(expired)).toBe(false)
    const thrown = new Error('Failed to publish custom payload')
    expect(toPairingError(thrown)).toBe(thrown)
  })
})

describe('toRequestError', () => {
  it("gives a wallet's JSON-RPC error object its code, message and data as an Error", () => {
    const error = toRequestError({ code: 4902, message: 'Unrecognized chain', data: { id: 1 } })
    expect(error).toBeInstanceOf(WalletRpcError)
    expect(error).toMatchObject({ code: 4902, message: 'Unrecognized chain', data: { id: 1 } })
  })

  it('bounds a long message and wraps what is not an error', () => {
    expect(toRequestError({ code: 1, message: 'x'.repeat(10_000) }).message).toHaveLength(500)
    expect(toRequestError('plain')).toMatchObject({ message: 'plain' })
    expect(toRequestError(undefined)).toMatchObject({ code: 'UNKNOWN_ERROR' })
  })
})

it('an abandoned pairing rejects with an AbortError', () => {
  expect(pairingAbortedError()).toMatchObject({ name: 'AbortError' })
})
