/** A small Esplora client for the tests, over fetch: what an adapter would call. */
import { afterEach } from 'vitest'
import {
  startBitcoinDevnet,
  type BitcoinDevnet,
  type StartBitcoinDevnetOptions,
} from '../devnet.js'
import type { EsploraAddress, EsploraUtxo } from '../esplora.js'

/**
 * Call at a test file's top level: returns a starter of fresh devnets (they are cheap: one per
 * test), each stopped after the test that started it.
 */
export function useDevnets(): (options?: StartBitcoinDevnetOptions) => Promise<BitcoinDevnet> {
  const started: BitcoinDevnet[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((devnet) => devnet.stop()))
  })
  return async (options) => {
    const devnet = await startBitcoinDevnet(options)
    started.push(devnet)
    return devnet
  }
}

export interface Answer {
  status: number
  text: string
  contentType: string | null
}

export async function request(
  devnet: BitcoinDevnet,
  path: string,
  init?: RequestInit,
): Promise<Answer> {
  const response = await fetch(`${devnet.url}${path}`, init)
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type'),
  }
}

/** GETs a JSON route that must answer 200. */
export async function getJson<T>(devnet: BitcoinDevnet, path: string): Promise<T> {
  const answer = await request(devnet, path)
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.text}`)
  return JSON.parse(answer.text) as T
}

/** `POST /api/tx` with a raw transaction's hex. */
export function broadcast(devnet: BitcoinDevnet, hex: string): Promise<Answer> {
  return request(devnet, '/api/tx', { method: 'POST', body: hex })
}

export function utxos(devnet: BitcoinDevnet, address: string): Promise<EsploraUtxo[]> {
  return getJson(devnet, `/api/address/${address}/utxo`)
}

/** An address' balance as a wallet reads it: confirmed plus mempool, funded minus spent. */
export async function balance(devnet: BitcoinDevnet, address: string): Promise<number> {
  const { chain_stats: chain, mempool_stats: mempool } = await getJson<EsploraAddress>(
    devnet,
    `/api/address/${address}`,
  )
  return chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum
}

/**
 * What a refused transaction must leave alone: the tip, the mempool and the UTXOs of the given
 * addresses, as the API reports them.
 */
export async function snapshot(devnet: BitcoinDevnet, addresses: readonly string[]) {
  return {
    height: (await request(devnet, '/api/blocks/tip/height')).text,
    mempool: await getJson<string[]>(devnet, '/api/mempool/txids'),
    utxos: await Promise.all(addresses.map((address) => utxos(devnet, address))),
  }
}
