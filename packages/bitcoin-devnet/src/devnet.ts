import { z } from 'zod'
import {
  BITCOIN_DEVNET_FUNDING,
  bitcoinDevnetAccounts,
  type BitcoinDevnetAccount,
} from './accounts.js'
import { parseRegtestAddress } from './address.js'
import { MAX_MONEY } from './bitcoin.js'
import { RegtestChain } from './chain.js'
import { DEFAULT_FEE_ESTIMATES, feeEstimatesSchema, type FeeEstimates } from './fees.js'
import { BITCOIN_REGTEST_CHAIN, BITCOIN_REGTEST_GENESIS_HASH } from './network.js'
import { portFromEnv } from './ports.js'
import { createHandler } from './routes.js'
import { startHttpServer } from './server.js'

/** Options of {@link startBitcoinDevnet}. */
export interface StartBitcoinDevnetOptions {
  /** The port; wins over `LATCH_BITCOIN_PORT`, which wins over a free one. */
  port?: number
  /** Where `LATCH_BITCOIN_PORT` is read from; `process.env` by default. */
  env?: NodeJS.ProcessEnv
  /**
   * `GET /api/fee-estimates`' table (confirmation target in blocks → sat/vB); by default
   * {@link DEFAULT_FEE_ESTIMATES}, 20 sat/vB for the next block down to 1.
   */
  feeEstimates?: Record<string, number>
  /** bitcoind's -minrelaytxfee in sat/vB: a transaction paying less is refused. Default 1. */
  minRelayFeeRate?: number
}

/** A running regtest chain. */
export interface BitcoinDevnet {
  /** The server's origin, `http://127.0.0.1:PORT` (the regtest controls are under `/regtest`). */
  readonly url: string
  /** The Esplora API's base URL, `${url}/api`: what a client (and the Network) is given. */
  readonly esploraUrl: string
  readonly port: number
  /** `bip122:0f9188f13cb7b2c71f2a335e3a4fc328` (CAIP-2 of regtest's genesis). */
  readonly chain: typeof BITCOIN_REGTEST_CHAIN
  readonly genesisHash: string
  /** The funded accounts, with their keys ({@link bitcoinDevnetAccounts}). */
  readonly accounts: readonly BitcoinDevnetAccount[]
  /** The fee table `GET /api/fee-estimates` serves. */
  readonly feeEstimates: FeeEstimates
  /** Milliseconds from the call to {@link startBitcoinDevnet} until it served requests. */
  readonly readyInMs: number
  /** Mines `blocks` blocks (default 1); the first confirms the mempool. @returns their hashes. */
  mine(blocks?: number): string[]
  /**
   * Pays `sats` to a regtest address from nowhere (a coinbase-like transaction, in the mempool
   * until the next block).
   * @throws Error for an address that is not regtest's or an amount that is not 1 sat to 21M BTC.
   */
  faucet(address: string, sats: number): { txid: string; vout: number }
  /** Stops serving and frees the port; resolves once it is free. Idempotent. */
  stop(): Promise<void>
}

const optionsSchema = z.object({
  port: z.number().int().min(0).max(65_535).optional(),
  feeEstimates: feeEstimatesSchema.optional(),
  minRelayFeeRate: z.number().nonnegative().finite().optional(),
})
const satsSchema = z.number().int().min(1).max(Number(MAX_MONEY))

/** The output script of a regtest address. @throws Error naming what is wrong with it. */
function regtestScript(address: string): Uint8Array {
  const target = parseRegtestAddress(address)
  if ('error' in target) throw new Error(`faucet: ${target.error}: '${address}'`)
  return target.script
}

/**
 * Starts the chain: genesis, then block 1 confirming the faucet payments to every account
 * ({@link BITCOIN_DEVNET_FUNDING}), served on 127.0.0.1.
 * @throws Error on a wrong option, a `LATCH_BITCOIN_PORT` that is not a port, or a taken port.
 */
export async function startBitcoinDevnet(
  options: StartBitcoinDevnetOptions = {},
): Promise<BitcoinDevnet> {
  const startedAt = performance.now()
  const parsed = optionsSchema.safeParse(options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`startBitcoinDevnet: ${issue.path.join('.')}: ${issue.message}`)
  }
  const port = parsed.data.port ?? portFromEnv(options.env ?? process.env) ?? 0
  const feeEstimates = Object.freeze({ ...(parsed.data.feeEstimates ?? DEFAULT_FEE_ESTIMATES) })
  const chain = new RegtestChain({ minRelayFeeRate: parsed.data.minRelayFeeRate ?? 1 })

  const accounts = bitcoinDevnetAccounts()
  for (const account of accounts) {
    for (const purpose of ['payment', 'ordinals'] as const) {
      const script = regtestScript(account[purpose].address)
      for (const sats of BITCOIN_DEVNET_FUNDING[purpose]) chain.faucet(script, BigInt(sats))
    }
  }
  chain.mine(1)

  const server = await startHttpServer(createHandler({ chain, feeEstimates }), port)
  return {
    url: server.url,
    esploraUrl: `${server.url}/api`,
    port: server.port,
    chain: BITCOIN_REGTEST_CHAIN,
    genesisHash: BITCOIN_REGTEST_GENESIS_HASH,
    accounts,
    feeEstimates,
    readyInMs: Math.round(performance.now() - startedAt),
    mine(blocks = 1) {
      if (!Number.isInteger(blocks) || blocks < 1) {
        throw new Error(`mine: blocks must be a whole number ≥ 1, got ${blocks}`)
      }
      return chain.mine(blocks).map((block) => block.hash)
    },
    faucet(address, sats) {
      const script = regtestScript(address)
      if (!satsSchema.safeParse(sats).success) {
        throw new Error(
          `faucet: sats must be a whole number from 1 to 2100000000000000, got ${sats}`,
        )
      }
      return chain.faucet(script, BigInt(sats))
    },
    stop: () => server.close(),
  }
}
