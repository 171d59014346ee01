import { LatchError, type Balance, type Network } from '@latch/core'
import type { Address } from 'viem'
import { getBalance } from 'viem/actions'
import type { ClientFor } from './clients.js'

/**
 * Native balances through viem public clients. The SPEC §9 30 s cache is core's (its balance
 * machine, per target), because only core knows when a read must skip it: after a send, the
 * balance is read again past the caches, and a cache here would hand back the spent balance. A
 * read already under way for the same address is shared. A failure is not kept: when to try
 * again is core's rule too (SPEC §4's 30 s cooldown, for every adapter).
 */
export function createNativeBalanceReader(clientFor: ClientFor) {
  const inFlight = new Map<string, Promise<Balance>>()
  return async function readNativeBalance(request: {
    address: string
    network: Network
  }): Promise<Balance> {
    const { network } = request
    const { decimals, symbol } = network.nativeCurrency
    const key = `${network.caipNetworkId}:${request.address.toLowerCase()}`
    let balance = inFlight.get(key)
    if (!balance) {
      balance = getBalance(clientFor(network), { address: request.address as Address })
        .then((value) => ({ value, decimals, symbol }))
        .finally(() => inFlight.delete(key))
      inFlight.set(key, balance)
    }
    try {
      return await balance
    } catch (cause) {
      throw new LatchError('TOKEN_BALANCE_UNAVAILABLE', { cause })
    }
  }
}
