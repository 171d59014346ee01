import { toWalletRpcError, userRejected } from './errors.js'
import { Listeners } from './listeners.js'
import type { Policy } from './options.js'
import type { DappInfo, RequestStatus, RpcErrorObject, WalletRequest } from './types.js'
import { Waiters } from './waiters.js'

/** How many requests the log keeps. */
export const REQUEST_LOG_SIZE = 500

/** A dapp's `wc_sessionRequest`, as sign-client's session_request event gives it. */
export interface IncomingRequest {
  id: number
  topic: string
  params: { request: { method: string; params: unknown }; chainId: string }
}

/** The JSON-RPC response sent back to the dapp. */
export type RpcResponse =
  | { id: number; jsonrpc: '2.0'; result: unknown }
  | { id: number; jsonrpc: '2.0'; error: RpcErrorObject }

/** A validated request: whether the user must approve it, and how it is answered. */
export interface PreparedCall {
  readonly needsApproval: boolean
  /** Answers the request (signs, sends…); throws a WalletRpcError or the library's error. */
  execute(): Promise<unknown>
}

/** What the desk needs from the wallet. */
export interface RequestDeskDeps {
  /**
   * Validates a request for the chain it addresses (a CAIP-2 id, any namespace) before anyone
   * is asked; throws a WalletRpcError (4200, 4100, 4901/4902, -32602) when it cannot be served.
   */
  prepare(method: string, params: unknown, chainId: string): PreparedCall
  /** The current request policy. */
  policy(): Policy
  dappOf(topic: string): DappInfo
  /** Sends the response through the relay; rejects when it cannot be delivered. */
  respond(topic: string, response: RpcResponse): Promise<void>
  changed(): void
  report(error: unknown): void
}

interface PendingEntry {
  record: WalletRequest
  prepared: PreparedCall
}

const snapshot = (record: WalletRequest): WalletRequest => ({ ...record })

/**
 * Receives the dapps' requests: validates them, answers at once what needs no one, and by
 * policy approves, rejects or queues the rest for approve()/reject(). Keeps the request log.
 */
export class RequestDesk {
  readonly #deps: RequestDeskDeps
  readonly #pending = new Map<number, PendingEntry>()
  readonly #log: WalletRequest[] = []
  readonly #seen = new Set<number>()
  readonly #listeners: Listeners<WalletRequest>
  readonly #waiters = new Waiters<WalletRequest>()
  #work: Promise<unknown> = Promise.resolve()

  constructor(deps: RequestDeskDeps) {
    this.#deps = deps
    this.#listeners = new Listeners(deps.report)
  }

  get pending(): WalletRequest[] {
    return [...this.#pending.values()].map(({ record }) => snapshot(record))
  }

  get log(): WalletRequest[] {
    return this.#log.map(snapshot)
  }

  onRequest(listener: (request: WalletRequest) => void): () => void {
    return this.#listeners.add(listener)
  }

  /** The oldest pending request, or the next one queued. */
  next(): Promise<WalletRequest> {
    const first = this.#pending.values().next().value
    return first ? Promise.resolve(snapshot(first.record)) : this.#waiters.next()
  }

  async receive(event: IncomingRequest): Promise<void> {
    // Delivery is at-least-once and sign-client's dedup queue is off (see sign-client.ts).
    if (this.#seen.has(event.id)) return
    const { request, chainId } = event.params
    const record: WalletRequest = {
      id: event.id,
      topic: event.topic,
      method: request.method,
      params: request.params,
      chainId,
      dapp: this.#deps.dappOf(event.topic),
      status: 'pending',
    }
    this.#remember(record)
    let prepared: PreparedCall
    try {
      prepared = this.#deps.prepare(request.method, request.params, chainId)
    } catch (error) {
      await this.#deliver(record, 'failed', { error: toWalletRpcError(error).toJSON() })
      return
    }
    const policy = this.#deps.policy()
    if (!prepared.needsApproval || policy === 'approve') {
      await this.#execute(record, prepared).catch(() => undefined)
    } else if (policy === 'reject') {
      await this.#deliver(record, 'rejected', { error: userRejected().toJSON() })
    } else {
      this.#pending.set(record.id, { record, prepared })
      this.#listeners.emit(snapshot(record))
      this.#waiters.resolveAll(snapshot(record))
      this.#deps.changed()
    }
  }

  /** Answers a pending request (the oldest by default) and resolves with its result. */
  approve(id: number | undefined): Promise<unknown> {
    const entry = this.#take(id)
    this.#deps.changed()
    return this.#execute(entry.record, entry.prepared)
  }

  /** Answers a pending request (the oldest by default) with 4001. */
  async reject(id: number | undefined): Promise<void> {
    const entry = this.#take(id)
    await this.#deliver(entry.record, 'rejected', { error: userRejected().toJSON() })
  }

  /** sign-client expired the request: it can no longer be answered. */
  expire(id: number): void {
    const entry = this.#pending.get(id)
    if (!entry) return
    this.#pending.delete(id)
    entry.record.status = 'expired'
    this.#deps.changed()
  }

  /** Drops the pending requests of a session that ended: there is no one left to answer. */
  cancelSession(topic: string): void {
    for (const [id, entry] of this.#pending) {
      if (entry.record.topic !== topic) continue
      this.#pending.delete(id)
      entry.record.status = 'cancelled'
    }
    this.#deps.changed()
  }

  close(error: Error): void {
    this.#waiters.rejectAll(error)
    this.#listeners.clear()
  }

  #remember(record: WalletRequest): void {
    this.#seen.add(record.id)
    this.#log.push(record)
    if (this.#log.length > REQUEST_LOG_SIZE) this.#seen.delete(this.#log.shift()!.id)
  }

  #take(id: number | undefined): PendingEntry {
    const entry = id === undefined ? this.#pending.values().next().value : this.#pending.get(id)
    if (!entry) {
      throw new Error(
        id === undefined ? 'There is no pending request' : `Request ${id} is not pending`,
      )
    }
    this.#pending.delete(entry.record.id)
    return entry
  }

  /** Runs executions one at a time, as a wallet's confirmation queue does (nonces!). */
  #execute(record: WalletRequest, prepared: PreparedCall): Promise<unknown> {
    const task = async () => {
      let result: unknown
      try {
        result = (await prepared.execute()) ?? null
      } catch (error) {
        const rpcError = toWalletRpcError(error)
        await this.#deliver(record, 'failed', { error: rpcError.toJSON() })
        throw rpcError
      }
      await this.#deliver(record, 'approved', { result })
      return result
    }
    const run = this.#work.then(task, task)
    this.#work = run.catch(() => undefined)
    return run
  }

  async #deliver(
    record: WalletRequest,
    status: RequestStatus,
    outcome: { result: unknown } | { error: RpcErrorObject },
  ): Promise<void> {
    record.status = status
    if ('error' in outcome) record.error = outcome.error
    else record.result = outcome.result
    this.#deps.changed()
    try {
      await this.#deps.respond(
        record.topic,
        'error' in outcome
          ? { id: record.id, jsonrpc: '2.0', error: outcome.error }
          : { id: record.id, jsonrpc: '2.0', result: outcome.result },
      )
    } catch (error) {
      record.deliveryError = error instanceof Error ? error.message : String(error)
      this.#deps.changed()
    }
  }
}
