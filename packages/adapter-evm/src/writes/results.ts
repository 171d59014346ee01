import { LatchError } from '@latch/core'
import type { Hash, Hex } from 'viem'

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNATURE = /^0x[0-9a-fA-F]{60,}$/

/** SPEC §5: a wallet request result is a transaction if it is a 0x-prefixed 64-hex string. */
export function isTransactionHash(value: unknown): value is Hash {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/** SPEC §5: a signed message is a 0x-prefixed hex string of at least 62 characters. */
export function isSignature(value: unknown): value is Hex {
  return typeof value === 'string' && SIGNATURE.test(value)
}

export function expectTransactionHash(value: unknown): Hash {
  if (!isTransactionHash(value)) throw new LatchError('INVALID_TRANSACTION_HASH')
  return value
}

export function expectSignature(value: unknown): Hex {
  if (!isSignature(value)) throw new LatchError('INVALID_SIGNATURE')
  return value
}
