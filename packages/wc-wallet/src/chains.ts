import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Chain,
  type PublicClient,
  type WalletClient,
} from 'viem'

/** EIP-3085's native currency. */
export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** A chain the wallet can sign and send on. */
export interface WalletChain {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: NativeCurrency
}

/** A known chain with its viem clients, made on first use. */
export interface ChainEntry {
  readonly config: WalletChain
  readonly chain: Chain
  publicClient(): PublicClient
  walletClient(): WalletClient
}

export const DEFAULT_NATIVE_CURRENCY: NativeCurrency = {
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
}

/** Receipt polling: devnets mine at once, viem's default 4 s would only slow callers down. */
const POLLING_MS = 250

function createEntry(config: WalletChain): ChainEntry {
  const chain = defineChain({
    id: config.chainId,
    name: config.name,
    nativeCurrency: config.nativeCurrency,
    rpcUrls: { default: { http: [config.rpcUrl] } },
  })
  // The dapp retries on its own terms; a wallet retrying too would multiply its delays.
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

/** The chains the wallet knows and which one is current. */
export interface ChainRegistry {
  readonly currentId: number
  current(): ChainEntry
  get(chainId: number): ChainEntry | undefined
  ids(): number[]
  /** Adds a chain; a chain already known keeps its configuration (as MetaMask does). */
  add(config: WalletChain): ChainEntry
  /** Makes a known chain current; false when unknown. */
  select(chainId: number): boolean
}

export function createChainRegistry(chains: WalletChain[], initialChainId: number): ChainRegistry {
  const entries = new Map<number, ChainEntry>()
  for (const config of chains) entries.set(config.chainId, createEntry(config))
  if (!entries.has(initialChainId)) {
    throw new TypeError(`chainId ${initialChainId} has no rpc url`)
  }
  let currentId = initialChainId
  return {
    get currentId() {
      return currentId
    },
    current: () => entries.get(currentId)!,
    get: (chainId) => entries.get(chainId),
    ids: () => [...entries.keys()],
    add(config) {
      const known = entries.get(config.chainId)
      if (known) return known
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
}
