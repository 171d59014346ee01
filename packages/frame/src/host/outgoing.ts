import { FrameError } from '../errors.js'
import { eventSchemas, type AppEventType, type AppSuccess } from '../events/event-map.js'
import { errorPayloadSchema } from '../events/primitives.js'
import { isSafeRpcMethod } from '../rpc-methods.js'

/**
 * One request from the moment `request()` accepts it until it settles: queued, then sent. Every
 * early end (caller abort, timeout, load failure, destroy, a reload of the frame) goes through
 * its own `AbortController`, whose reason is the {@link FrameError} the caller receives.
 */
export interface Outgoing {
  readonly id: string
  readonly type: AppEventType
  /** The request payload, already checked against its schema. */
  readonly payload: unknown
  /** Fires on every early end, with the FrameError as its reason. */
  readonly controller: AbortController
  /** Whether it went out on the port (a queued request has nothing to cancel in the frame). */
  sent: boolean
  /** The request timeout, while one runs. */
  timer: ReturnType<typeof setTimeout> | undefined
  /** Settles with a `_SUCCESS` payload; `false` (and nothing settles) when it fails its schema. */
  succeed(payload: unknown): boolean
  /** Settles with an `_ERROR` payload; `false` (and nothing settles) when it is not `{ message }`. */
  fail(payload: unknown): boolean
}

/** What the client does when a request leaves the table, however it ends. */
export interface OutgoingHooks {
  /** Removes it from the table and stops its timer. */
  readonly finish: (request: Outgoing) => void
  /** Tells the frame to stop working on a request that was sent and is given up. */
  readonly cancel: (request: Outgoing) => void
}

/** Whether an abort of the caller's signal cancels this request (SPEC §4: not a safe RPC read). */
export function isCancellable(type: AppEventType, payload: unknown): boolean {
  if (type !== 'RPC_REQUEST') return true
  const method =
    typeof payload === 'object' && payload !== null && 'method' in payload
      ? payload.method
      : undefined
  return !(typeof method === 'string' && isSafeRpcMethod(method))
}

/** A FrameError for an abort reason: ours already are; anything else is the caller's own abort. */
function asFrameError(reason: unknown, event: AppEventType): FrameError {
  return reason instanceof FrameError ? reason : new FrameError('aborted', { event, cause: reason })
}

/**
 * Creates the record of one request and wires its ends: the caller's `signal` (when the request
 * is cancellable), its own controller, and the typed resolution of its promise.
 */
export function createOutgoing<T extends AppEventType>(
  type: T,
  payload: unknown,
  signal: AbortSignal | undefined,
  settle: { resolve: (value: AppSuccess<T>) => void; reject: (error: FrameError) => void },
  hooks: OutgoingHooks,
): Outgoing {
  const controller = new AbortController()
  const onCallerAbort = () =>
    controller.abort(new FrameError('aborted', { event: type, cause: signal?.reason }))
  const done = () => {
    signal?.removeEventListener('abort', onCallerAbort)
    hooks.finish(request)
  }
  const request: Outgoing = {
    id: crypto.randomUUID(),
    type,
    payload,
    controller,
    sent: false,
    timer: undefined,
    succeed(value) {
      const parsed = eventSchemas(type).success.safeParse(value)
      if (!parsed.success) return false
      done()
      settle.resolve(parsed.data)
      return true
    },
    fail(value) {
      const parsed = errorPayloadSchema.safeParse(value)
      if (!parsed.success) return false
      done()
      settle.reject(new FrameError('remote', { event: type, remoteMessage: parsed.data.message }))
      return true
    },
  }
  controller.signal.addEventListener(
    'abort',
    () => {
      done()
      if (request.sent) hooks.cancel(request)
      settle.reject(asFrameError(controller.signal.reason, type))
    },
    { once: true },
  )
  if (isCancellable(type, payload)) signal?.addEventListener('abort', onCallerAbort, { once: true })
  return request
}
