import { numberToHex, zeroAddress, type Hex, type PublicClient } from 'viem'
import {
  decodeTransferLog,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
  type DecodedTransfer,
  type RawLog,
} from './decode.js'
import { readReceipts } from './receipts.js'

/** A block as the indexer keeps it. */
export interface StepBlock {
  number: number
  hash: string
  parentHash: string
  timestamp: number
}

/** A stored transaction (addresses lower case). */
export interface StepTransaction {
  blockNumber: number
  txIndex: number
  hash: string
  from: string
  to: string | null
  contractAddress: string | null
  value: string
  nonce: number
  status: 'confirmed' | 'failed'
  minedAt: number
}

/** What one step read from the chain: consecutive blocks and their rows. */
export interface StepData {
  blocks: StepBlock[]
  transactions: StepTransaction[]
  transfers: DecodedTransfer[]
}

/** Which of these addresses the indexer already tracks (has history for) on this chain. */
export type TrackedLookup = (addresses: readonly string[]) => Promise<Set<string>>

/**
 * Reads blocks `from`..`to`: the blocks with their transactions (one JSON-RPC batch), the
 * transfer logs of the range (one `eth_getLogs` with the three transfer topics, any contract), and
 * the receipts of the transactions that will be stored: those with a transfer (native or token),
 * and those sent by an account already tracked. Returns undefined when the chain changed while
 * reading (a log's block hash differs from its block's, or the blocks do not link up): the caller
 * tries again, and finds the reorg.
 */
export async function readStep(
  client: PublicClient,
  from: number,
  to: number,
  isTracked: TrackedLookup,
): Promise<StepData | undefined> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => BigInt(from + i))
  const [blocks, logs] = await Promise.all([
    Promise.all(numbers.map((n) => client.getBlock({ blockNumber: n, includeTransactions: true }))),
    client.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: numberToHex(from),
          toBlock: numberToHex(to),
          topics: [[TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]],
        },
      ],
    }) as Promise<RawLog[]>,
  ])
  for (let i = 1; i < blocks.length; i++) {
    if (blocks[i]!.parentHash !== blocks[i - 1]!.hash) return undefined
  }
  const hashes = new Map(blocks.map((b) => [Number(b.number), b.hash]))
  if (
    logs.some(
      (log) => log.removed === true || hashes.get(Number(log.blockNumber)) !== log.blockHash,
    )
  ) {
    return undefined
  }
  const tokenTransfers = logs.flatMap(decodeTransferLog)
  const withLogs = new Set(tokenTransfers.map((t) => `${t.blockNumber}/${t.txIndex}`))
  const allTxs = blocks.flatMap((block) =>
    block.transactions.map((tx) => ({
      block,
      tx,
      key: `${Number(block.number)}/${tx.transactionIndex}`,
    })),
  )
  const tracked = await isTracked([...new Set(allTxs.map(({ tx }) => tx.from.toLowerCase()))])
  const chosen = allTxs.filter(
    ({ tx, key }) => tx.value > 0n || withLogs.has(key) || tracked.has(tx.from.toLowerCase()),
  )
  const receipts = await readReceipts(
    client,
    chosen.map(({ block, tx }) => ({ blockNumber: block.number, hash: tx.hash })),
  )
  const transactions: StepTransaction[] = []
  const nativeTransfers: DecodedTransfer[] = []
  for (const { block, tx } of chosen) {
    const receipt = receipts.get(tx.hash.toLowerCase())
    if (!receipt || receipt.blockHash !== block.hash) throw new ChainMovedError()
    const { status } = receipt
    const row: StepTransaction = {
      blockNumber: Number(block.number),
      txIndex: tx.transactionIndex,
      hash: tx.hash,
      from: tx.from.toLowerCase(),
      to: tx.to ? tx.to.toLowerCase() : null,
      contractAddress: receipt.contractAddress,
      value: tx.value.toString(),
      nonce: tx.nonce,
      status,
      minedAt: Number(block.timestamp),
    }
    transactions.push(row)
    if (tx.value > 0n && status === 'confirmed') {
      nativeTransfers.push({
        blockNumber: row.blockNumber,
        txIndex: row.txIndex,
        logIndex: -1,
        batchIndex: 0,
        kind: 'native',
        token: null,
        tokenId: null,
        from: row.from,
        to: row.to ?? row.contractAddress ?? zeroAddress,
        amount: row.value,
      })
    }
  }
  return {
    blocks: blocks.map((b) => ({
      number: Number(b.number),
      hash: b.hash,
      parentHash: b.parentHash,
      timestamp: Number(b.timestamp),
    })),
    transactions,
    transfers: [...nativeTransfers, ...tokenTransfers],
  }
}

/** A receipt from another block than its transaction's: the chain reorganised mid-read. */
export class ChainMovedError extends Error {
  constructor() {
    super('The chain changed while a step was read')
    this.name = 'ChainMovedError'
  }
}

/** The hash of block `n` on the chain now, or undefined past the head. */
export async function blockHashAt(client: PublicClient, n: number): Promise<Hex | undefined> {
  try {
    return (await client.getBlock({ blockNumber: BigInt(n) })).hash
  } catch {
    return undefined
  }
}
