import { defineNetwork, type Network } from '@latch/core'
import type { PlaygroundChain } from './config.js'

// Apart from latch.ts (which brings @latch/react) so the page without React can share it.

/** The devnet chains as Networks (not marked testnet: SPEC §9 would show their balance as 0.00). */
export function playgroundNetworks(chains: readonly PlaygroundChain[]): Network[] {
  return chains.map((chain) =>
    defineNetwork({
      id: chain.chainId,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
  )
}
