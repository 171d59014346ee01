/**
 * The consent queue both dev wallets share (EVM here, Solana in @latch/solana-wallet): requests
 * that need the user's consent are answered by mode, or queued until approve(id) / reject(id).
 */

/** How a wallet answers requests that need the user's consent. */
export type ApprovalMode = 'auto-approve' | 'auto-reject' | 'manual'

/** A request waiting for the user's answer in manual mode. */
export interface ApprovalRequest {
  id: string
  method: string
  params: unknown
  /** One short line for the approval panel. */
  summary: string
  createdAt: number
}

/** A request as the optional log keeps it: with the answer it got, `pending` until answered. */
export interface LoggedRequest extends ApprovalRequest {
  outcome: 'pending' | 'approved' | 'rejected'
}

/** What subscribers receive. */
export interface ApprovalQueueState {
  approval: ApprovalMode
  pending: readonly ApprovalRequest[]
}

export interface ApprovalQueue {
  mode(): ApprovalMode
  setMode(mode: ApprovalMode): void
  /** Resolves when the user approves; rejects with the wallet's own rejection when they reject. */
  ask(method: string, params: unknown, summary: string): Promise<void>
  pending(): readonly ApprovalRequest[]
  /** Every request asked, oldest first, with its outcome; empty unless `logLimit` is set. */
  requests(): readonly LoggedRequest[]
  approve(id: string): boolean
  reject(id: string): boolean
  subscribe(listener: (state: ApprovalQueueState) => void): () => void
}

export interface ApprovalQueueOptions {
  /** The wallet's "user rejected" error (4001), thrown by ask() on a rejection. */
  userRejected: () => Error
  /**
   * Keeps the last `logLimit` requests, answered at once or not, for requests(). 0 (the default)
   * keeps none; a limit because a long-lived page must not grow the log without bound.
   */
  logLimit?: number
}

const MODES: readonly ApprovalMode[] = ['auto-approve', 'auto-reject', 'manual']

export function assertApprovalMode(mode: unknown): asserts mode is ApprovalMode {
  if (!MODES.includes(mode as ApprovalMode)) {
    throw new TypeError(`approval must be one of ${MODES.join(', ')}; got ${String(mode)}`)
  }
}

export function createApprovalQueue(
  initial: ApprovalMode,
  { userRejected, logLimit = 0 }: ApprovalQueueOptions,
): ApprovalQueue {
  assertApprovalMode(initial)
  let mode = initial
  let nextId = 1
  let queue: readonly ApprovalRequest[] = []
  let log: readonly LoggedRequest[] = []
  const answers = new Map<string, { resolve: () => void; reject: (error: Error) => void }>()
  const listeners = new Set<(state: ApprovalQueueState) => void>()

  const notify = () => {
    const state = { approval: mode, pending: queue }
    for (const listener of [...listeners]) listener(state)
  }

  const record = (request: ApprovalRequest, outcome: LoggedRequest['outcome']) => {
    if (logLimit > 0) log = [...log, { ...request, outcome }].slice(-logLimit)
  }
  const setOutcome = (id: string, outcome: LoggedRequest['outcome']) => {
    log = log.map((request) => (request.id === id ? { ...request, outcome } : request))
  }

  const settle = (id: string, approved: boolean): boolean => {
    const answer = answers.get(id)
    if (!answer) return false
    answers.delete(id)
    queue = queue.filter((request) => request.id !== id)
    setOutcome(id, approved ? 'approved' : 'rejected')
    notify()
    if (approved) answer.resolve()
    else answer.reject(userRejected())
    return true
  }

  const newRequest = (method: string, params: unknown, summary: string): ApprovalRequest => ({
    id: String(nextId++),
    method,
    params,
    summary,
    createdAt: Date.now(),
  })

  return {
    mode: () => mode,
    setMode(next) {
      assertApprovalMode(next)
      mode = next
      notify()
    },
    ask(method, params, summary) {
      if (mode !== 'manual') {
        // Ids are only spent on requests someone can see: the queue, or the log when kept.
        if (logLimit > 0) {
          record(
            newRequest(method, params, summary),
            mode === 'auto-approve' ? 'approved' : 'rejected',
          )
        }
        return mode === 'auto-approve' ? Promise.resolve() : Promise.reject(userRejected())
      }
      const request = newRequest(method, params, summary)
      return new Promise<void>((resolve, reject) => {
        answers.set(request.id, { resolve, reject })
        queue = [...queue, request]
        record(request, 'pending')
        notify()
      })
    },
    pending: () => queue,
    requests: () => log,
    approve: (id) => settle(id, true),
    reject: (id) => settle(id, false),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
