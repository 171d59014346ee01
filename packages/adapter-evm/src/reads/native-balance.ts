import { LatchError, type Balance, type Network } from '@latch/core'
import type { Address } from 'viem'
import { getBalance } from 'viem/actions'
import type { ClientFor } from './clients.js'

/** SPEC §9: the native balance is cached 30 s. */
export const NATIVE_BALANCE_CACHE_MS = 30_000
/** SPEC §4/§9: after a failed balance fetch, no new attempt is made for 30 s. */
export const BALANCE_RETRY_COOLDOWN_MS = 30_000

interface Entry {
  at: number
  balance?: Promise<Balance>
  failedAt?: number
}

/**
 * Native balances through viem public clients: cached, with the failure cooldown. Testnets read
 * as 0 (SPEC §9 "Balance shown as 0.00: testnets"), without an RPC call.
 */
export function createNativeBalanceReader(clientFor: ClientFor, now: () => number = Date.now) {
  const entries = new Map<string, Entry>()
  return async function readNativeBalance(request: {
    address: string
    network: Network
  }): Promise<Balance> {
    const { network } = request
    const { decimals, symbol } = network.nativeCurrency
    if (network.testnet) return { value: 0n, decimals, symbol }
    const key = `${network.caipNetworkId}:${request.address.toLowerCase()}`
    const entry = entries.get(key)
    const t = now()
    if (entry?.failedAt !== undefined && t - entry.failedAt < BALANCE_RETRY_COOLDOWN_MS) {
      throw new LatchError('TOKEN_BALANCE_UNAVAILABLE')
    }
    if (entry?.balance && t - entry.at < NATIVE_BALANCE_CACHE_MS) return entry.balance
    const balance = getBalance(clientFor(network), { address: request.address as Address }).then(
      (value) => ({ value, decimals, symbol }),
    )
    entries.set(key, { at: t, balance })
    try {
      return await balance
    } catch (cause) {
      entries.set(key, { at: t, failedAt: now() })
      throw new LatchError('TOKEN_BALANCE_UNAVAILABLE', { cause })
    }
  }
}
