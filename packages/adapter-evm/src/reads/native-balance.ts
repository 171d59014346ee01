import { LatchError, type Balance, type Network } from '@latch/core'
import type { Address } from 'viem'
import { getBalance } from 'viem/actions'
import { BALANCE_RETRY_COOLDOWN_MS, NATIVE_BALANCE_CACHE_MS } from '../timings.js'
import type { ClientFor } from './clients.js'

export { BALANCE_RETRY_COOLDOWN_MS, NATIVE_BALANCE_CACHE_MS }

interface Entry {
  at: number
  balance?: Promise<Balance>
  failedAt?: number
}

/**
 * Native balances through viem public clients: cached, with the failure cooldown. (Core decides
 * which networks are read at all: testnets and unsupported chains show 0.00 without a read.)
 */
export function createNativeBalanceReader(clientFor: ClientFor, now: () => number = Date.now) {
  const entries = new Map<string, Entry>()
  return async function readNativeBalance(request: {
    address: string
    network: Network
  }): Promise<Balance> {
    const { network } = request
    const { decimals, symbol } = network.nativeCurrency
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
