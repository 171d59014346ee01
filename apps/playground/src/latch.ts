import { evmAdapter } from '@latch/adapter-evm'
import { createLatch, type Latch, type Network } from '@latch/core'
import { walletConnect } from '@latch/walletconnect'
import { PLAYGROUND_PROJECT_ID, type PlaygroundConfig } from './config.js'

export { playgroundNetworks } from './networks.js'

export type ThemeMode = 'light' | 'dark'

/**
 * The README's integration, plus the starting theme and the local services the dev command
 * started: the WalletConnect relay, and the Latch server (the wallet directory and the project's
 * features). The theme changes later with `latch.setThemeMode`, on this same instance.
 */
export function createPlaygroundLatch(
  networks: Network[],
  themeMode: ThemeMode,
  services: Pick<PlaygroundConfig, 'walletConnect' | 'serverUrl'> = {},
): Latch {
  return createLatch({
    projectId: PLAYGROUND_PROJECT_ID,
    ...(services.serverUrl ? { serverUrl: services.serverUrl } : {}),
    metadata: {
      name: 'Latch Playground',
      description: 'The Latch demo host',
      url: window.location.origin,
      icons: [],
    },
    networks,
    adapters: [evmAdapter()],
    themeMode,
    walletConnect: walletConnect(services.walletConnect),
  })
}
