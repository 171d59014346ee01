import { evmAdapter } from '@latch/adapter-evm'
import { createLatch, defineNetwork, type Latch, type Network } from '@latch/core'
import type { PlaygroundChain } from './config.js'

export type ThemeMode = 'light' | 'dark'

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

/** The README's integration, plus the theme: one instance per theme mode (themeMode is fixed at creation). */
export function createPlaygroundLatch(networks: Network[], themeMode: ThemeMode): Latch {
  return createLatch({
    projectId: 'latch-playground',
    metadata: { name: 'Latch Playground', description: '', url: '', icons: [] },
    networks,
    adapters: [evmAdapter()],
    themeMode,
  })
}
