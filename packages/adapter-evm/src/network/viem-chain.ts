import type { Network } from '@latch/core'
import { defineChain, type Chain } from 'viem'
import { chainIdOf } from './chain.js'

/** core's Network follows viem's Chain shape, so this is a straight conversion. */
export function toViemChain(network: Network): Chain {
  return defineChain({
    id: chainIdOf(network),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  })
}
