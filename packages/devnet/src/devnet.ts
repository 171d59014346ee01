import { devnetAccounts, type DevnetAccount } from './accounts.js'
import { AnvilStartError, startAnvil, type AnvilProcess } from './anvil.js'
import { deployDevnetContracts, type DevnetContracts } from './contracts.js'
import { installIdRegistry } from './farcaster/id-registry.js'
import { devnetChainName, devnetNetwork } from './network.js'
import { portFromEnv, releasePort, takeFreePort } from './ports.js'

/** The chain ids of the default devnet: two, so that switching networks is real. */
export const DEFAULT_DEVNET_CHAIN_IDS = [31337, 31338] as const

/** One chain to start. `port` wins over `LATCH_DEVNET_PORT_A`/`_B`, which win over a free port. */
export interface DevnetChainOptions {
  chainId: number
  port?: number
}

/** Options of {@link startDevnet}. */
export interface StartDevnetOptions {
  /** Defaults to {@link DEFAULT_DEVNET_CHAIN_IDS}; chain ids must be distinct. */
  chains?: DevnetChainOptions[]
  /** Seconds between blocks; by default every transaction is mined at once. */
  blockTime?: number
  /** Where the port variables are read from; `process.env` by default. */
  env?: NodeJS.ProcessEnv
}

/** A running devnet chain. */
export interface DevnetChain {
  readonly chainId: number
  /** 'Latch Devnet A', 'Latch Devnet B', … in the order the chains were requested. */
  readonly name: string
  readonly rpcUrl: string
  readonly port: number
  /** The anvil process serving this chain. */
  readonly pid: number
}

/** A running devnet: anvil chains with funded accounts and the test contracts deployed. */
export interface Devnet {
  readonly chains: readonly DevnetChain[]
  readonly accounts: readonly DevnetAccount[]
  /** The deployed contracts, by chain id (the addresses are the same on every chain). */
  readonly contracts: Readonly<Record<number, DevnetContracts>>
  /** Milliseconds from the call to {@link startDevnet} until every chain had its contracts. */
  readonly readyInMs: number
  /** Stops every process this devnet started; resolves once they have all exited. Idempotent. */
  stop(): Promise<void>
}

/** Auto-picked ports are retried this often when another process binds them first. */
const PORT_ATTEMPTS = 5

interface StartedChain {
  anvil: AnvilProcess
  /** Whether the port came from {@link takeFreePort} and must be released after stopping. */
  ownsPort: boolean
}

/**
 * Starts the devnet: one anvil per chain on 127.0.0.1, each funding {@link devnetAccounts} with
 * 10 000 ETH, then deploys the test contracts (see deployDevnetContracts) on every chain: LTT, B32,
 * Reverter and the collection from account 0; WETH9, Uniswap v2 and USDC with seeded pools from
 * the liquidity account. Whatever was started is stopped again if any step fails.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const startedAt = performance.now()
  const requested: DevnetChainOptions[] =
    options.chains ?? DEFAULT_DEVNET_CHAIN_IDS.map((chainId) => ({ chainId }))
  const ids = requested.map((chain) => chain.chainId)
  if (ids.length === 0) throw new Error('startDevnet needs at least one chain')
  if (new Set(ids).size !== ids.length) {
    throw new Error(`startDevnet needs distinct chain ids, got ${ids.join(', ')}`)
  }

  const env = options.env ?? process.env
  // Every pinned port is read (and may throw) before the first process is spawned.
  const pinned = requested.map((chain, index) => chain.port ?? portFromEnv(index, env))
  const settled = await Promise.allSettled(
    requested.map((chain, index) => startChain(chain.chainId, pinned[index], options.blockTime)),
  )
  const started = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  let stopping: Promise<void> | undefined
  const stop = () => (stopping ??= stopChains(started))

  const failure = settled.find((result) => result.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }

  const chains = started.map(({ anvil }, index) => ({
    chainId: anvil.chainId,
    name: devnetChainName(index),
    rpcUrl: anvil.rpcUrl,
    port: anvil.port,
    pid: anvil.pid,
  }))
  let deployed: DevnetContracts[]
  try {
    deployed = await Promise.all(chains.map((chain) => deployDevnetContracts(devnetNetwork(chain))))
    // Farcaster's IdRegistry at its OP mainnet address, for "Sign in with Farcaster" (issue 12).
    await Promise.all(chains.map((chain) => installIdRegistry(chain.rpcUrl)))
  } catch (error) {
    await stop()
    throw error
  }

  return {
    chains,
    accounts: devnetAccounts,
    contracts: Object.fromEntries(chains.map((chain, index) => [chain.chainId, deployed[index]!])),
    readyInMs: Math.round(performance.now() - startedAt),
    stop,
  }
}

async function startChain(
  chainId: number,
  pinnedPort: number | undefined,
  blockTime: number | undefined,
): Promise<StartedChain> {
  if (pinnedPort !== undefined) {
    return { anvil: await startAnvil({ chainId, port: pinnedPort, blockTime }), ownsPort: false }
  }
  for (let attempt = 1; ; attempt++) {
    const port = await takeFreePort()
    try {
      return { anvil: await startAnvil({ chainId, port, blockTime }), ownsPort: true }
    } catch (error) {
      releasePort(port)
      const raced = error instanceof AnvilStartError && error.addressInUse
      if (!raced || attempt >= PORT_ATTEMPTS) throw error
    }
  }
}

async function stopChains(started: StartedChain[]): Promise<void> {
  await Promise.all(
    started.map(async ({ anvil, ownsPort }) => {
      await anvil.stop()
      if (ownsPort) releasePort(anvil.port)
    }),
  )
}
