import { evmAdapter } from '@latch/adapter-evm'
import { createLatch, type Latch, type Network } from '@latch/core'
import { walletConnect } from '@latch/walletconnect'
import type { PlaygroundConfig } from './config.js'

export { playgroundNetworks } from './networks.js'

export type ThemeMode = 'light' | 'dark'

/**
 * The README's integration, plus the starting theme and the local WalletConnect relay the dev
 * command started. The theme changes later with `latch.setThemeMode`, on this same instance.
 */
export function createPlaygroundLatch(
  networks: Network[],
  themeMode: ThemeMode,
  relay?: PlaygroundConfig['walletConnect'],
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
    walletConnect: walletConnect(relay),
  })
}
