import type { IndexerConfig, ServerConfig } from '../config/schema.js'
import type { Db } from '../db/database.js'
import { evmChainsOf } from '../account/chains.js'
import { ChainIndexer } from './chain-indexer.js'

/** The indexers one server instance runs, one per EVM chain with `indexer.enabled`. */
export interface Indexers {
  readonly chains: ReadonlyMap<string, ChainIndexer>
  /** Stops every loop and gives the leases up. */
  stop(): Promise<void>
}

/** A chain's indexer settings: the server's `indexer` section with the chain's changes on top. */
export function indexerSettings(config: ServerConfig, caipNetworkId: string): IndexerConfig {
  const chain = config.chains.find((c) => c.caipNetworkId === caipNetworkId)
  return { ...config.indexer, ...chain?.indexer }
}

/** What the indexers run with. */
export interface IndexerDeps {
  db: Db
  /** Upstream calls to the chains' RPC; `globalThis.fetch` by default. */
  fetch?: typeof fetch
  /** The clock (leases); `Date.now` by default. */
  now?: () => number
  /** Where a failed step is logged (the loop goes on); stderr by default. */
  log?: (error: unknown) => void
}

/**
 * Makes (and with `start`, starts) the indexer of every configured EVM chain whose settings
 * enable it. Each instance of a fleet may call this: the lease lets one index each chain while
 * the others only serve. A host serving `createApp` its own way calls it beside the app, on the
 * same database, and `stop()`s it on shutdown.
 */
export function createIndexers(
  config: ServerConfig,
  deps: IndexerDeps,
  options: { start?: boolean; holder?: string } = {},
): Indexers {
  const fetchFn = deps.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const now = deps.now ?? Date.now
  const log = deps.log ?? ((error: unknown) => console.error('[latch-server] indexer:', error))
  const chains = new Map<string, ChainIndexer>()
  for (const chain of evmChainsOf(config, fetchFn).values()) {
    const settings = indexerSettings(config, chain.caipNetworkId)
    if (!settings.enabled) continue
    chains.set(
      chain.caipNetworkId,
      new ChainIndexer({
        db: deps.db,
        chainId: chain.caipNetworkId,
        client: chain.client,
        settings,
        now,
        log,
        ...(options.holder ? { holder: options.holder } : {}),
      }),
    )
  }
  if (options.start !== false) for (const indexer of chains.values()) indexer.start()
  return {
    chains,
    stop: async () => {
      await Promise.all([...chains.values()].map((indexer) => indexer.stop()))
    },
  }
}
