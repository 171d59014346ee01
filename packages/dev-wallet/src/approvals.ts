import { userRejected } from './errors.js'
import type { ApprovalMode, ApprovalState, PendingRequest } from './types.js'

/** The user's side of the wallet: answers consent requests by mode, or queues them. */
export interface Approvals {
  mode(): ApprovalMode
  setMode(mode: ApprovalMode): void
  /** Resolves when the user approves; rejects with 4001 when they reject. */
  ask(method: string, params: unknown, summary: string): Promise<void>
  pending(): readonly PendingRequest[]
  approve(id: string): boolean
  reject(id: string): boolean
  subscribe(listener: (state: ApprovalState) => void): () => void
}

const MODES: readonly ApprovalMode[] = ['auto-approve', 'auto-reject', 'manual']

export function assertApprovalMode(mode: unknown): asserts mode is ApprovalMode {
  if (!MODES.includes(mode as ApprovalMode)) {
    throw new TypeError(`approval must be one of ${MODES.join(', ')}; got ${String(mode)}`)
  }
}

export function createApprovals(initial: ApprovalMode): Approvals {
  assertApprovalMode(initial)
  let mode = initial
  let nextId = 1
  let queue: readonly PendingRequest[] = []
  const answers = new Map<string, { resolve: () => void; reject: (error: Error) => void }>()
  const listeners = new Set<(state: ApprovalState) => void>()

  const notify = () => {
    const state = { approval: mode, pending: queue }
    for (const listener of [...listeners]) listener(state)
  }

  const settle = (id: string, approved: boolean): boolean => {
    const answer = answers.get(id)
    if (!answer) return false
    answers.delete(id)
    queue = queue.filter((request) => request.id !== id)
    notify()
    if (approved) answer.resolve()
    else answer.reject(userRejected())
    return true
  }

  return {
    mode: () => mode,
    setMode(next) {
      assertApprovalMode(next)
      mode = next
      notify()
    },
    ask(method, params, summary) {
      if (mode === 'auto-approve') return Promise.resolve()
      if (mode === 'auto-reject') return Promise.reject(userRejected())
      const id = String(nextId++)
      const request: PendingRequest = { id, method, params, summary, createdAt: Date.now() }
      return new Promise<void>((resolve, reject) => {
        answers.set(id, { resolve, reject })
        queue = [...queue, request]
        notify()
      })
    },
    pending: () => queue,
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
