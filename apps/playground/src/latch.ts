import { evmAdapter } from '@latch/adapter-evm'
import { defineNetwork, type Latch, type Network } from '@latch/core'
import { createLatch } from '@latch/react'
import type { PlaygroundChain, PlaygroundConfig } from './config.js'

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

/**
 * The README's integration, plus the theme (one instance per theme mode: themeMode is fixed at
 * creation) and the local WalletConnect relay the dev command started.
 */
export function createPlaygroundLatch(
  networks: Network[],
  themeMode: ThemeMode,
  walletConnect?: PlaygroundConfig['walletConnect'],
): Latch {
  return createLatch({
    projectId: 'latch-playground',
    metadata: {
      name: 'Latch Playground',
      description: 'The Latch demo host',
      url: window.location.origin,
      icons: [],
    },
    networks,
    adapters: [evmAdapter()],
    themeMode,
    ...(walletConnect ? { walletConnect } : {}),
  })
}
