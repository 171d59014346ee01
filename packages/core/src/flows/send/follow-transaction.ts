import { fromCallback } from 'xstate'
import type {
  ChainAdapter,
  FollowTransactionRequest,
  TransactionOutcome,
} from '../../adapter/contract.js'
import { LatchError } from '../../errors/latch-error.js'
import { toLatchError } from '../../errors/rpc-error.js'
import type { ChainNamespace } from '../../identifiers/types.js'
import type { Network } from '../../network/network.js'

/** How a followed transaction ended for core: the adapter's outcome, or a chain that could not be read. */
export type FollowResult = TransactionOutcome | { status: 'unreadable'; error: LatchError }

/** Reads a transaction's outcome: an adapter's `followTransaction`, or a test double. */
export type TransactionReader = (request: FollowTransactionRequest) => Promise<TransactionOutcome>

/** One transaction to follow, and how (SPEC §9 constants; see transaction-timings.ts). */
export interface FollowInput {
  hash: string
  network: Network
  timeoutMs: number
  retryCount: number
  /** Pending polling: after a timeout (or a failed read) look again this much later. Off: undefined. */
  pollingIntervalMs?: number | undefined
}

/** What a follow tells its parent, once: how the transaction ended. */
export interface TransactionSettledEvent {
  type: 'transaction.settled'
  hash: string
  result: FollowResult
}

/** The adapters a follow reads through; the instance's registry fits. */
export interface FollowAdapters {
  get(namespace: ChainNamespace): Pick<ChainAdapter, 'followTransaction'> | undefined
}

/** Whether the namespace's adapter can follow transactions (its optional `followTransaction`). */
export function canFollow(adapters: FollowAdapters, namespace: ChainNamespace): boolean {
  return adapters.get(namespace)?.followTransaction !== undefined
}

/** A {@link TransactionReader} over the instance's adapters. */
export function adapterReader(adapters: FollowAdapters): TransactionReader {
  return (request) => {
    const adapter = adapters.get(request.network.chainNamespace)
    if (!adapter?.followTransaction) {
      return Promise.reject(new LatchError('CHAIN_ADAPTER_NOT_FOUND'))
    }
    return adapter.followTransaction(request)
  }
}

/**
 * Follows one transaction to its end (SPEC §4 "Transaction waiting") and sends its parent one
 * {@link TransactionSettledEvent}. With pending polling on (SPEC §9: off by default, 30 000 ms),
 * a wait that timed out, or a chain that could not be read, is tried again after the interval
 * instead of ending; with it off, the first answer is the end.
 *
 * Stopping the actor (its parent stops watching) aborts the read in flight and the timer, so a
 * late answer is never reported.
 */
export function followActor(read: TransactionReader) {
  return fromCallback<{ type: 'noop' }, FollowInput>(({ input, sendBack }) => {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const polling = input.pollingIntervalMs !== undefined
    const settle = (result: FollowResult) => {
      if (!controller.signal.aborted)
        sendBack({ type: 'transaction.settled', hash: input.hash, result })
    }
    const again = () => {
      timer = setTimeout(attempt, input.pollingIntervalMs)
    }
    function attempt() {
      read({
        network: input.network,
        hash: input.hash,
        timeoutMs: input.timeoutMs,
        retryCount: input.retryCount,
        signal: controller.signal,
      }).then(
        (outcome) => {
          if (controller.signal.aborted) return
          if (outcome.status === 'timedOut' && polling) again()
          else settle(outcome)
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          if (polling) again()
          else settle({ status: 'unreadable', error: toLatchError(error) })
        },
      )
    }
    attempt()
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  })
}

/**
 * The error a host's promise rejects with for a result, if any: a revert throws its reason, or
 * 'unknown reason' (SPEC §8); an unreadable chain its read error. Other outcomes are no error.
 */
export function followResultError(result: FollowResult): LatchError | undefined {
  if (result.status === 'unreadable') return result.error
  if (result.status !== 'reverted') return undefined
  return result.reason
    ? new LatchError('TRANSACTION_REVERTED', { values: { reason: result.reason } })
    : new LatchError('TRANSACTION_REVERTED_UNKNOWN')
}
