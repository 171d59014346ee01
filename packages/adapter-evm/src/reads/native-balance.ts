import { LatchError, type Balance, type Network } from '@latch/core'
import type { Address } from 'viem'
import { getBalance } from 'viem/actions'
import { NATIVE_BALANCE_CACHE_MS } from '../timings.js'
import type { ClientFor } from './clients.js'

export { NATIVE_BALANCE_CACHE_MS }

interface Entry {
  at: number
  balance: Promise<Balance>
}

/**
 * Native balances through viem public clients, cached 30 s (SPEC §9). A failure is not kept:
 * when to try again is core's rule (its balance machine holds SPEC §4's 30 s cooldown for every
 * adapter), as is which networks are read at all (testnets and unsupported chains are not).
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
    if (entry && t - entry.at < NATIVE_BALANCE_CACHE_MS) return entry.balance
    const balance = getBalance(clientFor(network), { address: request.address as Address }).then(
      (value) => ({ value, decimals, symbol }),
    )
    entries.set(key, { at: t, balance })
    try {
      return await balance
    } catch (cause) {
      entries.delete(key)
      throw new LatchError('TOKEN_BALANCE_UNAVAILABLE', { cause })
    }
  }
}
