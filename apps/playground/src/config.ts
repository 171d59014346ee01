// Shared by the page and the Node side (server/playground-config.ts): types and constants only.

/** Where the dev server and `vite preview` serve the devnet's configuration. */
export const CONFIG_PATH = '/playground-config.js'

/** The page global that script sets; read once by {@link readPlaygroundConfig}. */
export const CONFIG_GLOBAL = '__latchPlaygroundConfig'

/** The playground's project: its pages pass it to `createLatch`, and its Latch server knows it. */
export const PLAYGROUND_PROJECT_ID = 'latch-playground'

/** One devnet chain, as the dev wallet and the playground's networks need it. */
export interface PlaygroundChain {
  chainId: number
  name: string
  rpcUrl: string
}

/** What the dev command (or an end-to-end test) hands the page about the running devnet. */
export interface PlaygroundConfig {
  /** The networks the playground configures, in order (the first is the default). */
  chains: PlaygroundChain[]
  /**
   * The in-page dev wallet's accounts: anvil's well-known public test keys, funded on the
   * devnet only. Never real keys.
   */
  privateKeys: `0x${string}`[]
  /**
   * The devnet's ERC-20s by chain id (the test tokens), which the in-page dev wallet reports in
   * its asset discovery (wallet_getAssets), as a real wallet reports the tokens it holds.
   */
  tokens?: Record<number, `0x${string}`[]>
  /** The local WalletConnect relay and its verify service, when the dev command started one. */
  walletConnect?: { relayUrl: string; verifyUrl: string }
  /**
   * The local Latch server (packages/server) the dev command started: `createLatch`'s
   * `serverUrl`, so the wallet directory and the project's features come from it.
   */
  serverUrl?: string
  /**
   * The local Solana chain (packages/solana-devnet) the dev command started: the playground adds
   * its network and the Solana adapter, and the in-page Solana dev wallet sends there.
   */
  solana?: PlaygroundSolana
  /**
   * The local Bitcoin regtest chain (packages/bitcoin-devnet) the dev command started: the
   * playground adds its network and the Bitcoin adapter, and the Bitcoin dev wallet sends there.
   */
  bitcoin?: PlaygroundBitcoin
}

/** The local Bitcoin regtest chain's Esplora API (`http://127.0.0.1:PORT/api`). */
export interface PlaygroundBitcoin {
  esploraUrl: string
}

/** The local Solana chain's endpoints. */
export interface PlaygroundSolana {
  rpcUrl: string
  wsUrl: string
}

/** The configuration the served script left, or undefined when the page was served without one. */
export function readPlaygroundConfig(global: object): PlaygroundConfig | undefined {
  const value = (global as Record<string, unknown>)[CONFIG_GLOBAL]
  if (!value || typeof value !== 'object') return undefined
  const config = value as Partial<PlaygroundConfig>
  if (!Array.isArray(config.chains) || config.chains.length === 0) return undefined
  const walletConnect =
    config.walletConnect &&
    typeof config.walletConnect.relayUrl === 'string' &&
    typeof config.walletConnect.verifyUrl === 'string'
      ? { relayUrl: config.walletConnect.relayUrl, verifyUrl: config.walletConnect.verifyUrl }
      : undefined
  return {
    chains: config.chains,
    privateKeys: config.privateKeys ?? [],
    ...(config.tokens ? { tokens: tokensOf(config.tokens) } : {}),
    ...(walletConnect ? { walletConnect } : {}),
    ...(typeof config.serverUrl === 'string' ? { serverUrl: config.serverUrl } : {}),
    ...(typeof config.solana?.rpcUrl === 'string' && typeof config.solana.wsUrl === 'string'
      ? { solana: { rpcUrl: config.solana.rpcUrl, wsUrl: config.solana.wsUrl } }
      : {}),
    ...(typeof config.bitcoin?.esploraUrl === 'string'
      ? { bitcoin: { esploraUrl: config.bitcoin.esploraUrl } }
      : {}),
  }
}

/** The well-formed part of {@link PlaygroundConfig.tokens}: chain ids and 0x addresses. */
function tokensOf(value: unknown): Record<number, `0x${string}`[]> {
  if (!value || typeof value !== 'object') return {}
  const isAddress = (item: unknown): item is `0x${string}` =>
    typeof item === 'string' && /^0x[0-9a-fA-F]{40}$/.test(item)
  return Object.fromEntries(
    Object.entries(value).flatMap(([chainId, addresses]) =>
      /^[0-9]+$/.test(chainId) && Array.isArray(addresses)
        ? [[Number(chainId), addresses.filter(isAddress)]]
        : [],
    ),
  )
}
