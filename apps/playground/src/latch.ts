import { bitcoinAdapter } from '@latch/adapter-bitcoin'
import { evmAdapter } from '@latch/adapter-evm'
import { solanaAdapter } from '@latch/adapter-solana'
import { createLatch, type Latch, type Network } from '@latch/core'
import { walletConnect } from '@latch/walletconnect'
import { TEST_SPL_TOKEN, TEST_TOKEN_2022 } from '@latch/solana-devnet/browser'
import { PLAYGROUND_PROJECT_ID, type PlaygroundConfig } from './config.js'
import { playgroundSiwx, type PlaygroundSignIn } from './sign-in-mode.js'

export { playgroundNetworks } from './networks.js'
export { signInModeOf, type PlaygroundSignIn } from './sign-in-mode.js'

export type ThemeMode = 'light' | 'dark'

/**
 * The README's integration, plus the starting theme and the local services the dev command
 * started: the WalletConnect relay, and the Latch server (the wallet directory and the project's
 * features). The theme changes later with `latch.setThemeMode`, on this same instance. With a
 * Solana or Bitcoin network among `networks`, its adapter joins the EVM one.
 */
export function createPlaygroundLatch(
  networks: Network[],
  themeMode: ThemeMode,
  services: Pick<PlaygroundConfig, 'walletConnect' | 'serverUrl'> = {},
  signIn: PlaygroundSignIn = 'off',
): Latch {
  const has = (namespace: string) => networks.some((n) => n.chainNamespace === namespace)
  return createLatch({
    projectId: PLAYGROUND_PROJECT_ID,
    ...(services.serverUrl ? { serverUrl: services.serverUrl } : {}),
    // Email login through the server's secure frame (issue 17; on by default, said here).
    features: { email: true },
    metadata: {
      name: 'Latch Playground',
      description: 'The Latch demo host',
      url: window.location.origin,
      icons: [],
    },
    networks,
    adapters: [
      evmAdapter(),
      ...(has('solana') ? [solanaAdapter({ knownTokens: SOLANA_TEST_TOKENS })] : []),
      ...(has('bip122') ? [bitcoinAdapter()] : []),
    ],
    themeMode,
    walletConnect: walletConnect(services.walletConnect),
    ...playgroundSiwx(signIn, services.serverUrl),
  })
}

/** SPL mints carry no name or symbol on-chain: the local chain's two test tokens, by mint. */
const SOLANA_TEST_TOKENS = Object.fromEntries(
  [TEST_SPL_TOKEN, TEST_TOKEN_2022].map(({ address, name, symbol }) => [address, { name, symbol }]),
)
