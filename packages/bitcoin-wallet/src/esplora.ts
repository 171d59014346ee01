/**
 * The few Esplora calls the wallet makes (mempool.space's URL shapes, which the regtest devnet
 * serves): the payment address's coins and balance, the fee estimates, and `POST /tx`.
 */
import * as z from 'zod/mini'
import { internalError } from './errors.js'

const utxoSchema = z.array(
  z.object({
    txid: z.string(),
    vout: z.int().check(z.nonnegative()),
    value: z.int().check(z.nonnegative()),
    status: z.object({ confirmed: z.boolean() }),
  }),
)
const statsSchema = z.object({ funded_txo_sum: z.number(), spent_txo_sum: z.number() })
const addressSchema = z.object({ chain_stats: statsSchema, mempool_stats: statsSchema })
const feesSchema = z.record(z.string(), z.number().check(z.positive()))

export type Utxo = z.infer<typeof utxoSchema>[number]

/** Balances in sats: confirmed, in the mempool (may be negative: spends), and their sum. */
export interface Balance {
  readonly confirmed: number
  readonly unconfirmed: number
  readonly total: number
}

export interface EsploraClient {
  utxos(address: string): Promise<Utxo[]>
  balance(address: string): Promise<Balance>
  /** The fee rate in sat/vB for `target` blocks: the table's entry, or the nearest longer one. */
  feeRate(target: number): Promise<number>
  /** Broadcasts a raw transaction; resolves with its txid. */
  broadcast(hex: string): Promise<string>
}

export function createEsploraClient(baseUrl: string): EsploraClient {
  const base = baseUrl.replace(/\/+$/, '')

  async function call(path: string, init?: RequestInit): Promise<string> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, init)
    } catch (error) {
      throw internalError(
        `The regtest node at ${base} cannot be reached: ${(error as Error).message}`,
      )
    }
    const text = await response.text()
    if (!response.ok) {
      throw internalError(`The regtest node refused ${path} (${response.status}): ${text}`)
    }
    return text
  }

  async function json<T>(path: string, schema: z.ZodMiniType<T>): Promise<T> {
    const parsed = schema.safeParse(JSON.parse(await call(path)))
    if (!parsed.success)
      throw internalError(`The regtest node answered ${path} in an unknown shape`)
    return parsed.data
  }

  return {
    utxos: (address) => json(`/address/${address}/utxo`, utxoSchema),
    async balance(address) {
      const { chain_stats: chain, mempool_stats: mempool } = await json(
        `/address/${address}`,
        addressSchema,
      )
      const confirmed = chain.funded_txo_sum - chain.spent_txo_sum
      const unconfirmed = mempool.funded_txo_sum - mempool.spent_txo_sum
      return { confirmed, unconfirmed, total: confirmed + unconfirmed }
    },
    async feeRate(target) {
      const table = await json('/fee-estimates', feesSchema)
      const targets = Object.keys(table)
        .map(Number)
        .filter((blocks) => Number.isInteger(blocks))
        .sort((a, b) => a - b)
      const chosen = targets.find((blocks) => blocks >= target) ?? targets.at(-1)
      if (chosen === undefined) throw internalError('The regtest node has no fee estimates')
      return table[String(chosen)]!
    },
    broadcast: (hex) => call('/tx', { method: 'POST', body: hex }),
  }
}
