import { numberToHex, type Hash, type PublicClient } from 'viem'
import * as z from 'zod'

/** What the indexer keeps of a transaction's receipt. */
export interface StepReceipt {
  /** The block the receipt is from: another than the transaction's means the chain moved. */
  blockHash: string
  status: 'confirmed' | 'failed'
  /** The created contract, lower case, for a creation. */
  contractAddress: string | null
}

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
/** A receipt as `eth_getBlockReceipts` answers it (the fields read; pre-Byzantium has no status). */
const rawReceiptSchema = z.object({
  transactionHash: hex,
  blockHash: hex,
  status: hex.nullish(),
  contractAddress: hex.nullish(),
})
const blockReceiptsSchema = z.array(rawReceiptSchema)

/**
 * The receipts of the transactions a step stores, by hash. One `eth_getBlockReceipts` a block
 * that has any (a busy block's hundreds of receipts in one call, where one call each made the
 * receipts most of a catch-up's reading); where the node lacks that method, or answers it
 * wrongly, one `eth_getTransactionReceipt` each.
 */
export async function readReceipts(
  client: PublicClient,
  txs: readonly { blockNumber: bigint; hash: Hash }[],
): Promise<Map<string, StepReceipt>> {
  const blocks = [...new Set(txs.map((tx) => tx.blockNumber))]
  try {
    const answers = await Promise.all(
      blocks.map((n) =>
        client.request({ method: 'eth_getBlockReceipts', params: [numberToHex(n)] }),
      ),
    )
    const receipts = new Map<string, StepReceipt>()
    for (const answer of answers) {
      for (const raw of blockReceiptsSchema.parse(answer)) {
        receipts.set(raw.transactionHash.toLowerCase(), {
          blockHash: raw.blockHash,
          status: raw.status === '0x0' ? 'failed' : 'confirmed',
          contractAddress: raw.contractAddress ? raw.contractAddress.toLowerCase() : null,
        })
      }
    }
    if (txs.every((tx) => receipts.has(tx.hash.toLowerCase()))) return receipts
  } catch {
    // Not supported (or not as specified) by this node: the call per transaction below.
  }
  const receipts = await Promise.all(
    txs.map((tx) => client.getTransactionReceipt({ hash: tx.hash })),
  )
  return new Map(
    receipts.map((receipt) => [
      receipt.transactionHash.toLowerCase(),
      {
        blockHash: receipt.blockHash,
        status: receipt.status === 'success' ? 'confirmed' : 'failed',
        contractAddress: receipt.contractAddress ? receipt.contractAddress.toLowerCase() : null,
      },
    ]),
  )
}
