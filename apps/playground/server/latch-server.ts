// The playground's Latch server (packages/server), on embedded PGlite, configured from the running
// devnet. `npm start` (scripts/dev.mjs) and the e2e harness both start it through here, so the
// pages the tests drive talk to the same server a newcomer's page does.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateWalletIcon } from '@latch/core'
import {
  BYTES32_TOKEN,
  DEVNET_SWAP_PRICES_USD,
  TEST_TOKEN,
  TEST_USDC,
  devnetAccounts,
  type Devnet,
} from '@latch/devnet'
import {
  openDatabase,
  parseServerConfig,
  seedNames,
  startServer,
  type Database,
  type NameSeed,
  type ServerConfigInput,
} from '@latch/server'
import { PLAYGROUND_PROJECT_ID } from '../src/config.js'

/** Pages served from this machine, whatever port Vite or `vite preview` picked. */
export const LOCAL_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*']

/**
 * Fixed USD prices, so the Tokens tab has values to show on the devnet: ETH's, the test
 * token's and the test USDC's, the prices the devnet's pools were seeded at (the bytes32 token
 * stays unpriced: the tab's token without a value).
 */
export const DEVNET_PRICES_USD: Readonly<Record<string, number>> = DEVNET_SWAP_PRICES_USD

/**
 * The indexer on every devnet chain, from block 0: the deployments' mints of the TestCollection
 * and the seeded transfers are the first blocks, so the NFTs and Activity tabs are filled on the
 * first open. Anvil mines on demand, so the head is polled often: a send shows in Activity
 * within a quarter second.
 */
const DEVNET_INDEXER = { enabled: true, pollIntervalMs: 250, batchBlocks: 100, startBlock: 0 }

/** A chain of another namespace the server serves (sign-in on Solana and Bitcoin, issue 30). */
export interface OtherChain {
  caipNetworkId: string
  rpcUrls: string[]
}

/** The local Solana and Bitcoin chains as the server lists them: sign-in is served for each. */
export async function otherChainsOf(
  solana: Promise<{ chain: string; rpcUrl: string }> | undefined,
  bitcoin: Promise<{ chain: string; esploraUrl: string }> | undefined,
): Promise<OtherChain[]> {
  const [sol, btc] = await Promise.all([solana, bitcoin])
  return [
    ...(sol ? [{ caipNetworkId: sol.chain, rpcUrls: [sol.rpcUrl] }] : []),
    ...(btc ? [{ caipNetworkId: btc.chain, rpcUrls: [btc.esploraUrl] }] : []),
  ]
}

export interface PlaygroundServerOptions {
  /** The origins the playground's project allows: {@link LOCAL_ORIGINS} unless told. */
  allowedOrigins?: readonly string[]
  /** The directory's seed: `builtin` (Latch's own list) unless told, or a JSON file's path. */
  directorySeed?: string
  /** The port to listen on (on 127.0.0.1); a free one unless told. */
  port?: number
  /**
   * The local chains of other namespaces (Solana, Bitcoin) the page configures, once they run:
   * the server signs in their accounts (issue 30). None unless told.
   */
  otherChains?: Promise<OtherChain[]> | OtherChain[]
  /**
   * Where PGlite keeps the data: a fresh directory under the OS temp dir (the default, as
   * `npm start` runs), or memory (the e2e stacks: a second or two faster to start, and nothing
   * on disk to remove).
   */
  storage?: 'temp-dir' | 'memory'
  /**
   * With `storage: 'memory'`: a migrated PGlite dump (`@latch/server/testing`'s) to start from, which
   * skips initdb (the e2e makes one per run; each of its stacks starts in half a second, not 3).
   */
  template?: Blob
  /**
   * Email login and the secure frame (issue 17): the server's URL as browsers reach it (so
   * `port` must be fixed) and the SMTP server the codes go through (maildev). Absent: no auth
   * routes, no frame. The secrets come from LATCH_AUTH_SECRET and LATCH_CUSTODY_KEY.
   */
  auth?: { publicUrl: string; smtp: { host: string; port: number } }
  /**
   * Social login (issue 12), with `auth`: each provider's client and endpoints, the local
   * identity provider's in `npm start` (`latchServerProviders` of @latch/identity-provider).
   */
  socialProviders?: NonNullable<ServerConfigInput['social']>['providers']
  /**
   * Sign in with Farcaster (issue 12), on whenever `auth` is: the fid's custody is read on the
   * first devnet chain's IdRegistry. `signInUrl`: the link the QR code opens (`?channelToken=…`
   * added); `npm start` makes it the playground's page standing in for the phone
   * (`/farcaster-app.html`), else the Farcaster app's own link. `channelTtlSeconds`: a channel's
   * life (the server's default 600 s unless told; an e2e test lets one expire in 60).
   */
  farcaster?: { signInUrl?: string; channelTtlSeconds?: number }
}

/** The dev wallet's second account, by name: a send can go to `friend.latch` (SPEC §7 profile). */
export const PLAYGROUND_NAMES: readonly NameSeed[] = [
  {
    name: 'friend.latch',
    address: devnetAccounts[1]!.address,
    namespace: 'eip155',
    avatar: generateWalletIcon('Friend', 'friend.latch'),
  },
]

/** The part of a running devnet the server's configuration is made from. */
export type DevnetServices = Pick<Devnet, 'chains' | 'contracts'>

/**
 * The server's configuration for a devnet: the playground's project, every devnet chain (its
 * anvil as the upstream of the server's `/v1` RPC proxy, indexed for the account tabs), the
 * chains' ETH and test tokens, static prices, and the directory seed. The TestCollection needs no
 * entry: the indexer finds it by its `Transfer` logs and reads its name and token URIs itself.
 */
export function playgroundServerConfig(
  devnet: DevnetServices,
  options: PlaygroundServerOptions = {},
  otherChains: readonly OtherChain[] = [],
): ServerConfigInput {
  const caip = (chainId: number) => `eip155:${chainId}`
  return {
    projects: [
      {
        id: PLAYGROUND_PROJECT_ID,
        allowedOrigins: [...(options.allowedOrigins ?? LOCAL_ORIGINS)],
      },
    ],
    chains: [
      ...devnet.chains.map((chain) => ({
        caipNetworkId: caip(chain.chainId),
        rpcUrls: [chain.rpcUrl],
      })),
      ...otherChains,
    ],
    tokens: devnet.chains.flatMap((chain) => {
      const contracts = devnet.contracts[chain.chainId]
      const native = { address: 'native', symbol: 'ETH', name: 'Ether', decimals: 18 }
      const tokens = contracts
        ? [
            { address: contracts.testToken, ...pick(TEST_TOKEN) },
            { address: contracts.bytes32Token, ...pick(BYTES32_TOKEN) },
            { address: contracts.usdc, ...pick(TEST_USDC) },
          ]
        : []
      return [native, ...tokens].map((token) => ({ caipNetworkId: caip(chain.chainId), ...token }))
    }),
    prices: { kind: 'static', usd: DEVNET_PRICES_USD },
    indexer: DEVNET_INDEXER,
    directory: { seed: options.directorySeed ?? 'builtin' },
    ...(options.auth
      ? {
          auth: {
            publicUrl: options.auth.publicUrl,
            smtp: { ...options.auth.smtp, from: 'Latch playground <login@latch.localhost>' },
          },
          ...(options.socialProviders ? { social: { providers: options.socialProviders } } : {}),
          farcaster: {
            rpcUrls: devnet.chains.slice(0, 1).map((chain) => chain.rpcUrl),
            ...options.farcaster,
          },
        }
      : {}),
  }
}

/**
 * The devnet's ERC-20s by chain id, for the page's dev wallet to list in its asset discovery
 * (`PlaygroundConfig.tokens`): the same tokens the server knows, so the wallet and the server
 * describe one account.
 */
export function devnetWalletTokens(devnet: DevnetServices): Record<number, `0x${string}`[]> {
  return Object.fromEntries(
    devnet.chains.flatMap((chain) => {
      const contracts = devnet.contracts[chain.chainId]
      return contracts
        ? [[chain.chainId, [contracts.testToken, contracts.bytes32Token, contracts.usdc]]]
        : []
    }),
  )
}

function pick(token: { symbol: string; name: string; decimals: number }) {
  return { symbol: token.symbol, name: token.name, decimals: token.decimals }
}

/** A running playground server. */
export interface PlaygroundServer {
  /** `http://127.0.0.1:port`: the pages' `serverUrl`. */
  readonly url: string
  /** Where PGlite keeps the data: its fresh directory (removed by {@link close}), or 'memory'. */
  readonly dataDir: string
  /** Stops listening, closes the database and removes its directory; safe to call twice. */
  close(): Promise<void>
}

/**
 * Starts the server for a devnet that may still be starting: PGlite's start-up (its WASM and the
 * migrations, seconds on a loaded machine) is most of the server's, and needs no devnet, so it
 * runs while the devnet comes up. The data directory is fresh on every start, like the devnet's
 * chains: nothing outlives the run, and nothing is written in the repository.
 * Whatever was started is stopped again if a later step fails.
 */
export async function startPlaygroundServer(
  devnet: DevnetServices | Promise<DevnetServices>,
  options: PlaygroundServerOptions = {},
): Promise<PlaygroundServer> {
  const dataDir =
    options.storage === 'memory'
      ? undefined
      : await mkdtemp(join(tmpdir(), 'latch-playground-server-'))
  const removeDataDir = async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
  let database: Database | undefined
  try {
    // Both settle before either failure is thrown, so an opened database is never left open.
    const [opened, services, others] = await Promise.allSettled([
      openDatabase(dataDir ? { dataDir } : options.template ? { template: options.template } : {}),
      devnet,
      options.otherChains ?? [],
    ])
    if (opened.status === 'rejected') throw opened.reason
    const db = (database = opened.value)
    await seedNames(db.db, PLAYGROUND_NAMES)
    if (services.status === 'rejected') throw services.reason
    if (others.status === 'rejected') throw others.reason
    const config = parseServerConfig(
      playgroundServerConfig(services.value, options, others.value),
      'the playground server',
    )
    const server = await startServer(config, {
      database: db,
      host: '127.0.0.1',
      port: options.port ?? 0,
      // The local stack's own: dev secrets (the e2e's fixed ones, `npm start`'s fresh ones) and
      // SPEC's development ancestors, whatever NODE_ENV the shell has.
      mode: 'development',
    })
    let closing: Promise<void> | undefined
    return {
      url: server.url,
      dataDir: dataDir ?? 'memory',
      close: () =>
        (closing ??= (async () => {
          // The server leaves a database it was handed open: closing it is this function's.
          await server.close()
          await db.close()
          await removeDataDir()
        })()),
    }
  } catch (error) {
    await database?.close().catch(() => undefined)
    await removeDataDir()
    throw error
  }
}
