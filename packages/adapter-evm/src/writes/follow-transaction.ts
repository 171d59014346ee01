import type { FollowTransactionRequest, ReplacementReason, TransactionOutcome } from '@latch/core'
import { messageFor } from '@latch/core'
import {
  BaseError,
  WaitForTransactionReceiptTimeoutError,
  type Client,
  type Hash,
  type TransactionReceipt,
} from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import { waitForTransaction } from './wait-for-receipt.js'

/**
 * Core's `followTransaction` (SPEC §4 "Transaction waiting") on viem's
 * `waitForTransactionReceipt`: confirmed; replaced, with viem's reason (repriced, cancelled,
 * replaced: another transaction of the same sender and nonce was mined, which viem sees once it
 * has seen the original); reverted, with its reason ('' when the chain gives none: core shows
 * 'unknown reason'); or timed out after `timeoutMs`. `retryCount` is viem's receipt retry count,
 * and `signal` stops the polling at once.
 */
export async function followTransaction(
  client: Client,
  request: FollowTransactionRequest,
): Promise<TransactionOutcome> {
  const hash = request.hash as Hash
  let replaced: { reason: ReplacementReason; replacement: Hash } | undefined
  let receipt: TransactionReceipt
  try {
    receipt = await waitForTransactionReceipt(client, {
      hash,
      timeout: request.timeoutMs,
      retryCount: request.retryCount,
      ...(request.signal ? { signal: request.signal } : {}),
      onReplaced: (r) => {
        replaced = { reason: r.reason, replacement: r.transaction.hash }
      },
    })
  } catch (error) {
    if (error instanceof WaitForTransactionReceiptTimeoutError) return { status: 'timedOut' }
    throw error
  }
  if (replaced) return { status: 'replaced', ...replaced }
  if (receipt.status === 'reverted') {
    return { status: 'reverted', reason: await revertReason(client, receipt.transactionHash) }
  }
  return { status: 'confirmed' }
}

/**
 * The revert reason of a mined, reverted transaction, read by the adapter's `waitForTransaction`,
 * which throws it (SPEC §8) by replaying the call at its block. '' when there is none.
 */
async function revertReason(client: Client, hash: Hash): Promise<string> {
  try {
    await waitForTransaction(client, hash)
    return ''
  } catch (error) {
    // A failed read is a viem error, not a reason; 'unknown reason' is core's to show.
    if (error instanceof BaseError || !(error instanceof Error)) return ''
    return error.message === messageFor('TRANSACTION_REVERTED_UNKNOWN') ? '' : error.message
  }
}
