/**
 * The chain's records in Esplora's JSON shapes (electrs' `rest.rs`): transactions, statuses,
 * UTXOs, address stats and histories. Field names, order and omissions follow electrs.
 */
import type { TxOutput } from 'bitcoinjs-lib'
import { toHex, txidOf } from './bitcoin.js'
import type { BlockRecord, RegtestChain, TxRecord } from './chain.js'
import { scriptAddress, scriptAsm, scriptPubKeyType, type ScriptPubKeyType } from './script.js'

/** How many mempool and confirmed transactions `/address/:a/txs` lists (electrs' limits). */
export const MAX_MEMPOOL_TXS = 50
export const CHAIN_TXS_PER_PAGE = 25

/** `status`: `{ confirmed: false }` in the mempool (or unknown), the block's fields once mined. */
export type EsploraStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number }

export interface EsploraOutput {
  scriptpubkey: string
  scriptpubkey_asm: string
  scriptpubkey_type: ScriptPubKeyType
  /** Absent for scripts without an address (P2PK, OP_RETURN, …). */
  scriptpubkey_address?: string
  value: number
}

export interface EsploraInput {
  txid: string
  vout: number
  /** Null for a coinbase (the faucet's) input. */
  prevout: EsploraOutput | null
  scriptsig: string
  scriptsig_asm: string
  /** Hex stack items; absent when the input has no witness. */
  witness?: string[]
  is_coinbase: boolean
  sequence: number
}

export interface EsploraTransaction {
  txid: string
  version: number
  locktime: number
  vin: EsploraInput[]
  vout: EsploraOutput[]
  /** Serialized bytes, witness included. */
  size: number
  weight: number
  /** Sats. */
  fee: number
  status: EsploraStatus
}

export interface EsploraUtxo {
  txid: string
  vout: number
  status: EsploraStatus
  value: number
}

export interface EsploraStats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

export interface EsploraAddress {
  address: string
  chain_stats: EsploraStats
  mempool_stats: EsploraStats
}

export function statusJson(block: BlockRecord | undefined): EsploraStatus {
  return block === undefined
    ? { confirmed: false }
    : {
        confirmed: true,
        block_height: block.height,
        block_hash: block.hash,
        block_time: block.time,
      }
}

function outputJson(output: TxOutput): EsploraOutput {
  const address = scriptAddress(output.script)
  return {
    scriptpubkey: toHex(output.script),
    scriptpubkey_asm: scriptAsm(output.script),
    scriptpubkey_type: scriptPubKeyType(output.script),
    ...(address === undefined ? {} : { scriptpubkey_address: address }),
    value: Number(output.value),
  }
}

export function transactionJson(record: TxRecord): EsploraTransaction {
  const { tx } = record
  return {
    txid: record.txid,
    // Esplora writes the version and sequence as unsigned 32-bit numbers.
    version: tx.version >>> 0,
    locktime: tx.locktime,
    vin: tx.ins.map((input, index): EsploraInput => {
      const prevout = record.prevouts[index]
      return {
        txid: txidOf(input.hash),
        vout: input.index,
        prevout: prevout === undefined ? null : outputJson(prevout),
        scriptsig: toHex(input.script),
        scriptsig_asm: scriptAsm(input.script),
        ...(input.witness.length > 0 ? { witness: input.witness.map(toHex) } : {}),
        is_coinbase: prevout === undefined,
        sequence: input.sequence >>> 0,
      }
    }),
    vout: tx.outs.map(outputJson),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: Number(record.fee),
    status: statusJson(record.block),
  }
}

/** The unspent outputs paying a script, mempool ones included, minus those the mempool spends. */
export function utxosJson(chain: RegtestChain, scriptHex: string): EsploraUtxo[] {
  return chain.history(scriptHex).flatMap((record) =>
    record.tx.outs.flatMap((output, vout) =>
      toHex(output.script) === scriptHex && chain.spender(record.txid, vout) === undefined
        ? [
            {
              txid: record.txid,
              vout,
              status: statusJson(record.block),
              value: Number(output.value),
            },
          ]
        : [],
    ),
  )
}

function emptyStats(): EsploraStats {
  return {
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: 0,
  }
}

/** `GET /address/:a`: what confirmed and mempool transactions paid to and spent from a script. */
export function addressJson(
  chain: RegtestChain,
  address: string,
  scriptHex: string,
): EsploraAddress {
  const chainStats = emptyStats()
  const mempoolStats = emptyStats()
  for (const record of chain.history(scriptHex)) {
    const stats = record.block === undefined ? mempoolStats : chainStats
    stats.tx_count++
    for (const output of record.tx.outs) {
      if (toHex(output.script) !== scriptHex) continue
      stats.funded_txo_count++
      stats.funded_txo_sum += Number(output.value)
    }
    for (const prevout of record.prevouts) {
      if (prevout === undefined || toHex(prevout.script) !== scriptHex) continue
      stats.spent_txo_count++
      stats.spent_txo_sum += Number(prevout.value)
    }
  }
  return { address, chain_stats: chainStats, mempool_stats: mempoolStats }
}

/** A script's mempool transactions, newest first (at most 50). */
export function mempoolHistory(chain: RegtestChain, scriptHex: string): TxRecord[] {
  return chain
    .history(scriptHex)
    .filter((record) => record.block === undefined)
    .reverse()
    .slice(0, MAX_MEMPOOL_TXS)
}

/**
 * A script's confirmed transactions, newest first, 25 at a time: after `lastSeen` when given
 * (none when `lastSeen` is not in the list, as electrs answers).
 */
export function chainHistory(
  chain: RegtestChain,
  scriptHex: string,
  lastSeen?: string,
): TxRecord[] {
  const confirmed = chain
    .history(scriptHex)
    .filter((record) => record.block !== undefined)
    .reverse()
  const start =
    lastSeen === undefined ? 0 : confirmed.findIndex((record) => record.txid === lastSeen) + 1
  if (lastSeen !== undefined && start === 0) return []
  return confirmed.slice(start, start + CHAIN_TXS_PER_PAGE)
}
