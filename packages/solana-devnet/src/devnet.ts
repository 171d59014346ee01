import type { SolanaDevnetKeypair } from './accounts.js'
import { SolanaChain } from './chain.js'
import { installFixtures, type SolanaDevnetMint } from './fixtures.js'
import { SOLANA_DEVNET_CHAIN } from './network.js'
import { portFromEnv } from './ports.js'
import { startRpcServer } from './server.js'

/** Options of {@link startSolanaDevnet}. */
export interface StartSolanaDevnetOptions {
  /** The port for HTTP and WebSocket; wins over `LATCH_SOLANA_PORT`, which wins over a free one. */
  port?: number
  /** Where `LATCH_SOLANA_PORT` is read from; `process.env` by default. */
  env?: NodeJS.ProcessEnv
  /**
   * Also close a slot every this many milliseconds, as a real cluster does every ~400 ms. By
   * default slots advance only when a transaction lands, which keeps tests deterministic; with
   * time, blockhashes expire (after 150 slots) and a dropped transaction's confirmation ends in
   * "block height exceeded" instead of waiting for the next transaction.
   */
  slotIntervalMs?: number
}

/** A running local Solana chain. */
export interface SolanaDevnet {
  /** The JSON-RPC endpoint, for `createSolanaRpc`. */
  readonly rpcUrl: string
  /** The PubSub endpoint (the same port), for `createSolanaRpcSubscriptions`. */
  readonly wsUrl: string
  readonly port: number
  /** The chain id, CAIP-2 and Wallet Standard alike: `solana:localnet`. */
  readonly chain: typeof SOLANA_DEVNET_CHAIN
  /** The genesis hash getGenesisHash returns. */
  readonly genesisHash: string
  /** The funded accounts (1,000 SOL each), with their secret keys. */
  readonly accounts: readonly SolanaDevnetKeypair[]
  /** The SPL Token test mint and its holders' token accounts. */
  readonly mint: SolanaDevnetMint
  /** The Token-2022 test mint and its holders' token accounts. */
  readonly token2022Mint: SolanaDevnetMint
  /** Milliseconds from the call to {@link startSolanaDevnet} until it served requests. */
  readonly readyInMs: number
  /** Stops serving and frees the port; resolves once it is free. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts the devnet: LiteSVM in this process, funded with {@link solanaDevnetAccounts} and the two
 * test mints, behind a JSON-RPC and WebSocket server on 127.0.0.1.
 * @throws Error when `LATCH_SOLANA_PORT` is not a port, or the pinned port is taken.
 */
export async function startSolanaDevnet(
  options: StartSolanaDevnetOptions = {},
): Promise<SolanaDevnet> {
  const startedAt = performance.now()
  const port = options.port ?? portFromEnv(options.env ?? process.env) ?? 0
  const interval = options.slotIntervalMs
  if (interval !== undefined && !(Number.isFinite(interval) && interval > 0)) {
    throw new Error(`slotIntervalMs must be a positive number of milliseconds, got ${interval}`)
  }
  const chain = new SolanaChain()
  const fixtures = await installFixtures(chain)
  const server = await startRpcServer(chain, port)
  const ticker = interval === undefined ? undefined : setInterval(() => chain.tick(), interval)
  // The server keeps the process alive while it listens; the ticker alone must not.
  ticker?.unref()

  let stopping: Promise<void> | undefined
  return {
    rpcUrl: server.rpcUrl,
    wsUrl: server.wsUrl,
    port: server.port,
    chain: SOLANA_DEVNET_CHAIN,
    genesisHash: chain.genesisHash,
    accounts: fixtures.accounts,
    mint: fixtures.mint,
    token2022Mint: fixtures.token2022Mint,
    readyInMs: Math.round(performance.now() - startedAt),
    stop: () =>
      (stopping ??= (async () => {
        if (ticker !== undefined) clearInterval(ticker)
        await server.close()
      })()),
  }
}
