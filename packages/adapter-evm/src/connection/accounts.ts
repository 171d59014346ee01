import type { AdapterAccount } from '@latch/core'
import { getAddress, isAddress } from 'viem'

/** Wallet answers are untrusted: keep valid addresses only, checksummed. */
export function toAccounts(value: unknown): AdapterAccount[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((a): a is string => typeof a === 'string' && isAddress(a, { strict: false }))
    .map((address) => ({
      address: getAddress(address),
      type: 'eoa' as const,
    }))
}
