import { LatchError, type Network } from '@latch/core'
import * as z from 'zod/mini'
import { isTxid } from './encoding.js'

/**
 * The Esplora HTTP API (Blockstream's, with mempool.space's URL shapes) at a network's
 * `rpcUrls.default.http[0]`, e.g. `https://mempool.space/api`. Every answer is checked; a failure
 * throws (SPEC §8 'HTTP status code: …' with the node's text as the cause), never a guess.
 */
export const esploraUrlOf = (network: Network): string =>
  network.rpcUrls.default.http[0]!.replace(/\/+$/, '')

async function fetchText(url: string, init: RequestInit): Promise<string> {
  const response = await fetch(url, { cache: 'no-store', ...init })
  const text = await response.text()
  if (!response.ok) {
    throw new LatchError('HTTP_STATUS', { values: { status: response.status }, cause: text })
  }
  return text
}

async function getJson<T>(
  network: Network,
  path: string,
  schema: z.ZodMiniType<T>,
  signal?: AbortSignal,
): Promise<T> {
  const text = await fetchText(`${esploraUrlOf(network)}${path}`, signal ? { signal } : {})
  const parsed = z.safeParse(schema, JSON.parse(text))
  if (!parsed.success) throw new LatchError('UNKNOWN_ERROR', { cause: parsed.error })
  return parsed.data
}

// Sats are integers below 2^53 (21 million BTC is 2.1e15 sats), so JSON numbers carry them exactly.
const sats = z.number().check(z.int(), z.nonnegative())
const utxoSchema = z.array(
  z.object({ txid: z.string().check(z.regex(/^[0-9a-f]{64}$/i)), vout: sats, value: sats }),
)

/** An unspent output: where it is and what it holds, in sats. */
export interface Utxo {
  readonly txid: string
  readonly vout: number
  readonly value: bigint
}

/** `GET /address/:address/utxo`: confirmed and mempool coins, those the mempool spends left out. */
export async function utxosOf(
  network: Network,
  address: string,
  signal?: AbortSignal,
): Promise<Utxo[]> {
  const path = `/address/${encodeURIComponent(address)}/utxo`
  const coins = await getJson(network, path, utxoSchema, signal)
  return coins.map(({ txid, vout, value }) => ({ txid, vout, value: BigInt(value) }))
}

const feeTable = z.record(z.string(), z.number().check(z.positive()))

/**
 * The fee rate (sat/vB) `GET /fee-estimates` gives for confirmation within `target` blocks: the
 * entry for the largest target not above it (a faster one, so never under-paying), else the
 * fastest listed. Never under 1 sat/vB, bitcoind's default minimum relay fee.
 */
export async function feeRateFor(network: Network, target: number): Promise<number> {
  const table = await getJson(network, '/fee-estimates', feeTable)
  const entries = Object.entries(table)
    .map(([blocks, rate]) => [Number(blocks), rate] as const)
    .filter(([blocks]) => Number.isInteger(blocks) && blocks > 0)
    .sort(([a], [b]) => a - b)
  const fitting = entries.filter(([blocks]) => blocks <= target).at(-1) ?? entries[0]
  if (!fitting) throw new LatchError('UNKNOWN_ERROR', { cause: 'empty /fee-estimates' })
  return Math.max(fitting[1], 1)
}

/** `POST /tx` with the raw transaction's hex; resolves with the txid the node answers. */
export async function broadcast(network: Network, hex: string): Promise<string> {
  const txid = (
    await fetchText(`${esploraUrlOf(network)}/tx`, { method: 'POST', body: hex })
  ).trim()
  if (!isTxid(txid)) throw new LatchError('INVALID_TRANSACTION_HASH', { cause: txid })
  return txid
}
