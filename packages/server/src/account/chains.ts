import { isCaipNetworkId } from '@latch/core/api'
import { createPublicClient, fallback, http, type PublicClient } from 'viem'
import type { ChainConfig, ServerConfig } from '../config/schema.js'
import { HttpError } from '../http/errors.js'

/** An EVM chain the account routes and the indexer read, with its viem client. */
export interface EvmChain {
  readonly config: ChainConfig
  /** `eip155:N`. */
  readonly caipNetworkId: string
  readonly chainId: number
  readonly client: PublicClient
}

/** How the server reaches a chain's RPC. */
export interface ChainClientOptions {
  fetch: typeof fetch
  timeoutMs: number
  retries: number
  retryDelayMs: number
}

/** The EVM chain id of an `eip155:N` network, or undefined for any other namespace. */
export function evmChainId(caipNetworkId: string): number | undefined {
  const match = /^eip155:([0-9]{1,15})$/.exec(caipNetworkId)
  return match ? Number(match[1]) : undefined
}

/** JSON-RPC calls in one HTTP batch: an indexer step's blocks go out in batches of this many. */
const RPC_BATCH_SIZE = 50
/**
 * The largest upstream answer read (viem's default is 10 MiB). A batch of full blocks is big: 50
 * blocks of 100 transfers each are ~3.5 MB, 50 busy mainnet blocks several times that. The
 * upstreams are the operator's own configuration, not anyone's input.
 */
const RPC_MAX_RESPONSE_BYTES = 128 * 1024 * 1024

/**
 * A viem client over the chain's upstream URLs, in order (viem's `fallback`). JSON-RPC batching
 * is on, so the reads one request makes at once travel in one HTTP request even where the chain
 * has no Multicall3.
 */
export function chainClient(chain: ChainConfig, options: ChainClientOptions): PublicClient {
  const transports = chain.rpcUrls.map((url) =>
    http(url, {
      batch: { batchSize: RPC_BATCH_SIZE, wait: 0 },
      maxResponseBodySize: RPC_MAX_RESPONSE_BYTES,
      fetchFn: options.fetch,
      timeout: options.timeoutMs,
      retryCount: options.retries,
      retryDelay: options.retryDelayMs,
    }),
  )
  return createPublicClient({
    transport: transports.length === 1 ? transports[0]! : fallback(transports),
  })
}

/** The configured EVM chains, by CAIP-2 id, each with one client shared by every request. */
export function evmChains(
  config: ServerConfig,
  options: ChainClientOptions,
): Map<string, EvmChain> {
  const chains = new Map<string, EvmChain>()
  for (const chain of config.chains) {
    const chainId = evmChainId(chain.caipNetworkId)
    if (chainId === undefined) continue
    chains.set(chain.caipNetworkId, {
      config: chain,
      caipNetworkId: chain.caipNetworkId,
      chainId,
      client: chainClient(chain, options),
    })
  }
  return chains
}

/** The client options a server's `rpc` section implies. */
export function clientOptionsOf(config: ServerConfig, fetchFn: typeof fetch): ChainClientOptions {
  return {
    fetch: fetchFn,
    timeoutMs: config.rpc.upstreamTimeoutMs,
    retries: config.rpc.upstreamRetries,
    retryDelayMs: config.rpc.upstreamRetryDelayMs,
  }
}

/**
 * SPEC §7: every blockchain-data call first checks the chain is supported, as
 * `/v1/supported-chains` says. A chain the server has no upstream for, or one outside `eip155`
 * (the account data is EVM's), is a 400 naming the parameter.
 * @throws HttpError 400 'Chain is not supported'.
 */
export function requireEvmChain(
  chains: ReadonlyMap<string, EvmChain>,
  caipNetworkId: string,
  path: (string | number)[] = ['chainId'],
): EvmChain {
  const chain = chains.get(caipNetworkId)
  if (chain) return chain
  throw new HttpError(400, 'Chain is not supported', [
    {
      path,
      message: isCaipNetworkId(caipNetworkId)
        ? `This server has no account data for ${caipNetworkId}`
        : 'Invalid CAIP-2 network id',
    },
  ])
}

const shared = new WeakMap<ServerConfig, Map<string, EvmChain>>()

/** The configured EVM chains with their clients, made once per configuration. */
export function evmChainsOf(config: ServerConfig, fetchFn: typeof fetch): Map<string, EvmChain> {
  let chains = shared.get(config)
  if (!chains) {
    chains = evmChains(config, clientOptionsOf(config, fetchFn))
    shared.set(config, chains)
  }
  return chains
}
