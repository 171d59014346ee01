import { messageFor } from '@latch/core'
import {
  BaseError,
  decodeErrorResult,
  WaitForTransactionReceiptTimeoutError,
  type Hash,
  type Client,
  type ReplacementReason,
  type TransactionReceipt,
} from 'viem'
import { call, getTransaction, waitForTransactionReceipt } from 'viem/actions'
import { RECEIPT_TIMEOUT_MS } from '../timings.js'

export { RECEIPT_TIMEOUT_MS }

/** SPEC §4 "Transaction waiting": confirmed, replaced (with its reason) or timed out. */
export type TransactionOutcome =
  | { status: 'confirmed'; receipt: TransactionReceipt }
  | {
      status: 'replaced'
      reason: ReplacementReason
      receipt: TransactionReceipt
      replacement: Hash
    }
  | { status: 'timedOut' }

/**
 * Waits for `hash`. A reverted receipt throws its revert reason, or 'unknown reason' (SPEC §8);
 * a replacement (repriced, cancelled or replaced) is an outcome, not an error.
 */
export async function waitForTransaction(
  client: Client,
  hash: Hash,
  timeoutMs: number = RECEIPT_TIMEOUT_MS,
): Promise<TransactionOutcome> {
  let replaced: { reason: ReplacementReason; replacement: Hash } | undefined
  let receipt: TransactionReceipt
  try {
    receipt = await waitForTransactionReceipt(client, {
      hash,
      timeout: timeoutMs,
      onReplaced: (r) => {
        replaced = { reason: r.reason, replacement: r.transaction.hash }
      },
    })
  } catch (error) {
    if (error instanceof WaitForTransactionReceiptTimeoutError) return { status: 'timedOut' }
    throw error
  }
  if (replaced) return { status: 'replaced', ...replaced, receipt }
  if (receipt.status === 'reverted') throw new Error(await revertReason(client, receipt))
  return { status: 'confirmed', receipt }
}

/** Replays the reverted transaction at its block to read why it reverted. */
async function revertReason(client: Client, receipt: TransactionReceipt): Promise<string> {
  const unknown = messageFor('TRANSACTION_REVERTED_UNKNOWN')
  try {
    const tx = await getTransaction(client, { hash: receipt.transactionHash })
    await call(client, {
      account: tx.from,
      to: tx.to,
      data: tx.input,
      value: tx.value,
      gas: tx.gas,
      blockNumber: receipt.blockNumber,
    })
    return unknown
  } catch (error) {
    return reasonOf(error) ?? unknown
  }
}

/** The Error(string) or Panic(uint256) inside a failed call, if the node returned revert data. */
export function reasonOf(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  let found: string | undefined
  error.walk((cause) => {
    const data = (cause as { data?: unknown }).data
    if (typeof data !== 'string' || !data.startsWith('0x') || data.length <= 10) return false
    try {
      const decoded = decodeErrorResult({ data: data as `0x${string}` })
      const [first] = decoded.args ?? []
      found = decoded.errorName === 'Panic' ? `Panic(${String(first)})` : String(first)
      return true
    } catch {
      return false
    }
  })
  return found
}
