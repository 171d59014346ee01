import { emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Network } from '../../network/network.js'
import type { Toast } from '../../machines/toast.machine.js'
import {
  followActor,
  type FollowResult,
  type TransactionSettledEvent,
} from './follow-transaction.js'
import { pendingTransactionToast, transactionOutcomeToast } from './transaction-toasts.js'
import {
  DEFAULT_RECEIPT_TIMEOUT_MS,
  PENDING_TRANSACTIONS_LIMIT,
  RECEIPT_RETRY_COUNT,
} from './transaction-timings.js'
import { LatchError } from '../../errors/latch-error.js'
import type { SentTransfer } from './send.types.js'

/** A transaction being followed, as Activity lists it until it settles. */
export interface PendingTransaction {
  hash: string
  network: Network
  /** When it was handed to the machine (ISO 8601): Activity's date for it until it is mined. */
  sentAt: string
  /** What the Send form sent, when it came from there (`latch.send` and the form both say). */
  transfer?: SentTransfer | undefined
}

/** How the instance follows transactions (SPEC §9); every field has the SPEC's default. */
export interface PendingTransactionsInput {
  /** Pending polling: off by default (undefined); the SPEC's interval is 30 000 ms. */
  pollingIntervalMs?: number | undefined
  /** The receipt wait: the library default 180 000 ms; the page helpers pass 25 000 per watch. */
  receiptTimeoutMs?: number
  retryCount?: number
  /** At most this many are watched at once (SPEC §9: 99). */
  limit?: number
}

/** The pending-transactions machine's context: the list, and how it follows. */
export interface PendingContext {
  pending: PendingTransaction[]
  pollingIntervalMs: number | undefined
  receiptTimeoutMs: number
  retryCount: number
  limit: number
}

export type PendingTransactionsEvent =
  /** A transaction was sent: follow it (`timeoutMs` overrides the receipt wait for this one). */
  | {
      type: 'WATCH'
      hash: string
      network: Network
      timeoutMs?: number
      transfer?: SentTransfer | undefined
    }
  /** Stop following everything (the account disconnected). */
  | { type: 'CLEAR' }
  | TransactionSettledEvent

export type PendingTransactionsEmitted =
  | { type: 'pending'; transaction: PendingTransaction }
  | { type: 'settled'; transaction: PendingTransaction; result: FollowResult }
  /** Not followed: the limit was reached (SPEC §9). */
  | { type: 'notWatched'; transaction: PendingTransaction; error: LatchError }
  /** What the toast machine should show (the root sends it `SHOW`). */
  | { type: 'toast'; toast: Toast }

/**
 * The transactions followed until they settle (SPEC §4 "Transaction waiting", "Pending
 * transactions"). Each WATCH spawns one follow (follow-transaction.ts) named by its hash; when it
 * reports, the transaction leaves the list and the machine emits `settled` and the outcome's
 * toast. A transaction already followed is not followed twice. At the limit (99) a new one is
 * not watched. CLEAR stops every follow, which aborts its read.
 *
 * The root provides the real `follow` actor: `followActor(adapterReader(registry))`.
 */
export const pendingTransactionsMachine = setup({
  types: {
    context: {} as PendingContext,
    events: {} as PendingTransactionsEvent,
    emitted: {} as PendingTransactionsEmitted,
    input: {} as PendingTransactionsInput | undefined,
  },
  actors: {
    follow: followActor(() => Promise.reject(new LatchError('CHAIN_ADAPTER_NOT_FOUND'))),
  },
  guards: {
    isFollowed: ({ context, event }) =>
      event.type === 'WATCH' && context.pending.some((t) => t.hash === event.hash),
    isFull: ({ context }) => context.pending.length >= context.limit,
  },
}).createMachine({
  id: 'pendingTransactions',
  context: ({ input }) => ({
    pending: [],
    pollingIntervalMs: input?.pollingIntervalMs,
    receiptTimeoutMs: input?.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS,
    retryCount: input?.retryCount ?? RECEIPT_RETRY_COUNT,
    limit: input?.limit ?? PENDING_TRANSACTIONS_LIMIT,
  }),
  on: {
    WATCH: [
      { guard: 'isFollowed' },
      {
        guard: 'isFull',
        actions: emit(({ context, event }) => ({
          type: 'notWatched' as const,
          transaction: {
            hash: event.hash,
            network: event.network,
            sentAt: new Date().toISOString(),
          },
          error: new LatchError('PENDING_TRANSACTIONS_LIMIT', { values: { limit: context.limit } }),
        })),
      },
      {
        actions: enqueueActions(({ context, event, enqueue }) => {
          const transaction: PendingTransaction = {
            hash: event.hash,
            network: event.network,
            sentAt: new Date().toISOString(),
            ...(event.transfer ? { transfer: event.transfer } : {}),
          }
          enqueue.assign({ pending: [...context.pending, transaction] })
          enqueue.spawnChild('follow', {
            id: event.hash,
            input: {
              hash: event.hash,
              network: event.network,
              timeoutMs: event.timeoutMs ?? context.receiptTimeoutMs,
              retryCount: context.retryCount,
              pollingIntervalMs: context.pollingIntervalMs,
            },
          })
          enqueue.emit({ type: 'pending', transaction })
          enqueue.emit({ type: 'toast', toast: pendingTransactionToast() })
        }),
      },
    ],
    'transaction.settled': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const transaction = context.pending.find((t) => t.hash === event.hash)
        enqueue.stopChild(event.hash)
        if (!transaction) return
        enqueue.assign({ pending: context.pending.filter((t) => t !== transaction) })
        enqueue.emit({ type: 'settled', transaction, result: event.result })
        enqueue.emit({ type: 'toast', toast: transactionOutcomeToast(event.result) })
      }),
    },
    CLEAR: {
      actions: enqueueActions(({ context, enqueue }) => {
        for (const transaction of context.pending) enqueue.stopChild(transaction.hash)
        enqueue.assign({ pending: [] })
      }),
    },
  },
})

/** The pending-transactions machine as spawned by an instance (`latch.pendingTransactions`). */
export type PendingTransactionsActor = ActorRefFrom<typeof pendingTransactionsMachine>

/** The transactions followed now, oldest first: what Activity lists as pending until each settles. */
export function selectPendingTransactions(
  snapshot: SnapshotFrom<typeof pendingTransactionsMachine>,
): readonly PendingTransaction[] {
  return snapshot.context.pending
}
