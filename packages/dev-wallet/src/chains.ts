import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Chain,
  type PublicClient,
  type WalletClient,
} from 'viem'
import type { DevWalletChain, NativeCurrency } from './types.js'

/** The native currency assumed when a chain's configuration names none. */
export const DEFAULT_NATIVE_CURRENCY: NativeCurrency = {
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
}

/** Receipt polling; devnets mine at once, so waiting viem's default 4 s would only slow tests. */
const POLLING_MS = 250

/** A known chain with its viem clients, made on first use. */
export interface ChainEntry {
  readonly config: DevWalletChain
  readonly chain: Chain
  publicClient(): PublicClient
  walletClient(): WalletClient
}

function toViemChain(config: DevWalletChain): Chain {
  return defineChain({
    id: config.chainId,
    name: config.name,
    nativeCurrency: config.nativeCurrency ?? DEFAULT_NATIVE_CURRENCY,
    rpcUrls: { default: { http: [config.rpcUrl] } },
    ...(config.blockExplorerUrl
      ? { blockExplorers: { default: { name: config.name, url: config.blockExplorerUrl } } }
      : {}),
  })
}

function createEntry(config: DevWalletChain): ChainEntry {
  const chain = toViemChain(config)
  // The dapp retries on its own terms; a wallet that retried too would multiply its delays.
  const transport = http(config.rpcUrl, { retryCount: 0 })
  let publicClient: PublicClient | undefined
  let walletClient: WalletClient | undefined
  return {
    config,
    chain,
    publicClient: () =>
      (publicClient ??= createPublicClient({ chain, transport, pollingInterval: POLLING_MS })),
    walletClient: () => (walletClient ??= createWalletClient({ chain, transport })),
  }
}

/** The chains the wallet knows, and which one is current. */
export interface ChainRegistry {
  current(): ChainEntry
  get(chainId: number): ChainEntry | undefined
  all(): ChainEntry[]
  /** Adds a chain, or replaces the configuration of one with the same id. */
  add(config: DevWalletChain): ChainEntry
  /** Makes a known chain current; false when unknown. */
  select(chainId: number): boolean
}

export function createChainRegistry(chains: DevWalletChain[], initialChainId?: number) {
  if (chains.length === 0) throw new TypeError('DevWalletConfig.chains needs at least one chain')
  const entries = new Map<number, ChainEntry>()
  for (const config of chains) entries.set(config.chainId, createEntry(config))
  let currentId =
    initialChainId !== undefined && entries.has(initialChainId)
      ? initialChainId
      : chains[0]!.chainId

  const registry: ChainRegistry = {
    current: () => entries.get(currentId)!,
    get: (chainId) => entries.get(chainId),
    all: () => [...entries.values()],
    add(config) {
      const entry = createEntry(config)
      entries.set(config.chainId, entry)
      return entry
    },
    select(chainId) {
      if (!entries.has(chainId)) return false
      currentId = chainId
      return true
    },
  }
  return registry
}
