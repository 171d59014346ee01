import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import type { FollowTransactionRequest, TransactionOutcome } from '../../adapter/contract.js'
import { toastMachine, TOAST_REPLACE_DELAY_MS } from '../../machines/toast.machine.js'
import { deferred, type Deferred } from '../../test/deferred.js'
import { evmNetwork } from '../../test/send-fixtures.js'
import { followActor, followResultError } from './follow-transaction.js'
import {
  pendingTransactionsMachine,
  type PendingTransactionsEmitted,
  type PendingTransactionsInput,
} from './pending-transactions.machine.js'
import * as timings from './transaction-timings.js'

const {
  DEFAULT_RECEIPT_TIMEOUT_MS,
  PAGE_RECEIPT_TIMEOUT_MS,
  PENDING_POLLING_INTERVAL_MS,
  PENDING_TRANSACTIONS_LIMIT,
  RECEIPT_RETRY_COUNT,
} = timings

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** A pending-transactions machine over a chain double: each read waits for the test's answer. */
function start(input?: PendingTransactionsInput) {
  const reads: { request: FollowTransactionRequest; answer: Deferred<TransactionOutcome> }[] = []
  const emitted: PendingTransactionsEmitted[] = []
  const actor = createActor(
    pendingTransactionsMachine.provide({
      actors: {
        follow: followActor((request) => {
          const answer = deferred<TransactionOutcome>()
          reads.push({ request, answer })
          return answer.promise
        }),
      },
    }),
    { input },
  )
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const watch = (n: number, timeoutMs?: number) =>
    actor.send({
      type: 'WATCH',
      hash: hash(n),
      network: evmNetwork,
      ...(timeoutMs ? { timeoutMs } : {}),
    })
  return { actor, reads, emitted, watch }
}

const settle = async () => {
  await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('pending transactions: receipt waiting (SPEC §4, §9)', () => {
  it('follows a sent transaction with the library defaults: 180 000 ms, 6 retries', () => {
    const { actor, reads, emitted, watch } = start()
    watch(1)
    // The clock is faked: the time of the WATCH is now.
    expect(actor.getSnapshot().context.pending).toEqual([
      { hash: hash(1), network: evmNetwork, sentAt: new Date().toISOString() },
    ])
    expect(reads[0]?.request).toMatchObject({
      hash: hash(1),
      network: evmNetwork,
      timeoutMs: DEFAULT_RECEIPT_TIMEOUT_MS,
      retryCount: RECEIPT_RETRY_COUNT,
    })
    expect(DEFAULT_RECEIPT_TIMEOUT_MS).toBe(180_000)
    expect(RECEIPT_RETRY_COUNT).toBe(6)
    expect(emitted.map((e) => e.type)).toEqual(['pending', 'toast'])
  })

  it('the page integration waits 25 000 ms', () => {
    const { reads, watch } = start()
    watch(1, PAGE_RECEIPT_TIMEOUT_MS)
    expect(reads[0]?.request.timeoutMs).toBe(25_000)
  })

  it.each<[TransactionOutcome, string, string]>([
    [{ status: 'confirmed' }, 'success', 'Transaction confirmed'],
    [
      { status: 'replaced', reason: 'repriced', replacement: hash(9) },
      'info',
      'Transaction repriced',
    ],
    [
      { status: 'replaced', reason: 'cancelled', replacement: hash(9) },
      'info',
      'Transaction cancelled',
    ],
    [
      { status: 'replaced', reason: 'replaced', replacement: hash(9) },
      'info',
      'Transaction replaced',
    ],
    [
      { status: 'reverted', reason: 'Not enough tokens' },
      'error',
      'Transaction failed: Not enough tokens',
    ],
    [{ status: 'reverted', reason: '' }, 'error', 'Transaction failed: unknown reason'],
    [{ status: 'timedOut' }, 'info', 'Transaction not confirmed yet'],
  ])('%j settles it, with a %s toast %j', async (outcome, variant, message) => {
    const { actor, reads, emitted, watch } = start()
    watch(1)
    reads[0]?.answer.resolve(outcome)
    await settle()
    expect(actor.getSnapshot().context.pending).toEqual([])
    expect(emitted).toContainEqual({
      type: 'settled',
      transaction: { hash: hash(1), network: evmNetwork, sentAt: new Date().toISOString() },
      result: outcome,
    })
    expect(emitted.at(-1)).toMatchObject({ type: 'toast', toast: { variant, message } })
  })

  it("a revert throws its reason, or 'unknown reason' (SPEC §8)", () => {
    expect(followResultError({ status: 'reverted', reason: 'Not enough tokens' })?.message).toBe(
      'Not enough tokens',
    )
    expect(followResultError({ status: 'reverted', reason: '' })?.message).toBe('unknown reason')
    expect(followResultError({ status: 'confirmed' })).toBeUndefined()
  })

  it('a chain that cannot be read ends the follow with its error when polling is off', async () => {
    const { reads, emitted, watch } = start()
    watch(1)
    reads[0]?.answer.reject(new Error('fetch failed'))
    await settle()
    expect(emitted.at(-2)).toMatchObject({ type: 'settled', result: { status: 'unreadable' } })
  })

  it('keeps what was sent, for the pending row Activity shows until it settles', () => {
    const { actor } = start()
    const transfer = { amount: '0.25', symbol: 'ETH', to: '0x' + '12'.repeat(20) }
    actor.send({ type: 'WATCH', hash: hash(7), network: evmNetwork, transfer })
    expect(actor.getSnapshot().context.pending).toEqual([
      { hash: hash(7), network: evmNetwork, sentAt: new Date().toISOString(), transfer },
    ])
  })

  it('the same hash is followed once', () => {
    const { reads, watch } = start()
    watch(1)
    watch(1)
    expect(reads).toHaveLength(1)
  })
})

describe('pending transactions: polling (SPEC §4, §9)', () => {
  it('is off by default: a timeout settles at once, with no second read', async () => {
    const { reads, emitted, watch } = start()
    watch(1)
    reads[0]?.answer.resolve({ status: 'timedOut' })
    await vi.advanceTimersByTimeAsync(PENDING_POLLING_INTERVAL_MS * 3)
    expect(reads).toHaveLength(1)
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'settled' }))
  })

  it('when turned on, a timed-out transaction is read again every 30 000 ms until it settles', async () => {
    const { actor, reads, emitted, watch } = start({
      pollingIntervalMs: PENDING_POLLING_INTERVAL_MS,
    })
    expect(PENDING_POLLING_INTERVAL_MS).toBe(30_000)
    watch(1)
    reads[0]?.answer.resolve({ status: 'timedOut' })
    await vi.advanceTimersByTimeAsync(PENDING_POLLING_INTERVAL_MS - 1)
    expect(reads).toHaveLength(1)
    expect(actor.getSnapshot().context.pending).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(reads).toHaveLength(2)
    reads[1]?.answer.reject(new Error('fetch failed'))
    await vi.advanceTimersByTimeAsync(PENDING_POLLING_INTERVAL_MS)
    expect(reads).toHaveLength(3)
    reads[2]?.answer.resolve({ status: 'confirmed' })
    await settle()
    expect(actor.getSnapshot().context.pending).toEqual([])
    expect(emitted.filter((e) => e.type === 'settled')).toHaveLength(1)
  })

  it(`watches at most ${PENDING_TRANSACTIONS_LIMIT}: the next is not followed`, () => {
    const { actor, reads, emitted, watch } = start()
    for (let n = 1; n <= PENDING_TRANSACTIONS_LIMIT + 1; n++) watch(n)
    expect(PENDING_TRANSACTIONS_LIMIT).toBe(99)
    expect(actor.getSnapshot().context.pending).toHaveLength(99)
    expect(reads).toHaveLength(99)
    expect(emitted.at(-1)).toMatchObject({
      type: 'notWatched',
      transaction: { hash: hash(100) },
      error: { code: 'PENDING_TRANSACTIONS_LIMIT' },
    })
  })

  it('CLEAR stops every follow: the reads are aborted and a late answer does not land', async () => {
    const { actor, reads, emitted, watch } = start({
      pollingIntervalMs: PENDING_POLLING_INTERVAL_MS,
    })
    watch(1)
    watch(2)
    actor.send({ type: 'CLEAR' })
    expect(reads.every((r) => r.request.signal?.aborted)).toBe(true)
    reads[0]?.answer.resolve({ status: 'confirmed' })
    await vi.advanceTimersByTimeAsync(PENDING_POLLING_INTERVAL_MS * 2)
    expect(actor.getSnapshot().context.pending).toEqual([])
    expect(emitted.some((e) => e.type === 'settled')).toBe(false)
    expect(reads).toHaveLength(2)
  })
})

describe('pending transactions: toasts through the toast machine (SPEC §9: 150 ms)', () => {
  it('the loading toast stays until the outcome replaces it 150 ms later', async () => {
    const toasts = createActor(toastMachine).start()
    const { actor, reads, watch } = start()
    actor.on('toast', (event) => toasts.send({ type: 'SHOW', toast: event.toast }))
    watch(1)
    expect(toasts.getSnapshot().context.toast?.variant).toBe('loading')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(toasts.getSnapshot().context.toast?.message).toBe('Transaction pending')
    reads[0]?.answer.resolve({ status: 'confirmed' })
    await settle()
    expect(toasts.getSnapshot().context.toast).toBeUndefined()
    await vi.advanceTimersByTimeAsync(TOAST_REPLACE_DELAY_MS - 1)
    expect(toasts.getSnapshot().context.toast).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(toasts.getSnapshot().context.toast).toMatchObject({
      variant: 'success',
      message: 'Transaction confirmed',
    })
  })
})
