import { FRAME_PROTOCOL, LOAD_TIMEOUT_EXEMPT_EVENTS, REQUEST_TIMEOUT_EVENTS } from '../constants.js'
import { FrameError, type FrameErrorKind } from '../errors.js'
import {
  eventSchemas,
  type AppEventType,
  type AppRequest,
  type AppSuccess,
} from '../events/event-map.js'
import { createDropCounter, type DropCounts } from '../protocol/dropped.js'
import {
  framePortMessageSchema,
  frameWindowMessageSchema,
  parseReplyType,
  type CancelMessage,
  type ConnectPortMessage,
  type RequestMessage,
} from '../protocol/messages.js'
import type { FrameMessageEvent, MessageListenerTarget } from '../protocol/windows.js'
import { frameSource } from './frame-url.js'
import { checkClientOptions, type FrameClientOptions, type MountedFrame } from './options.js'
import { createOutgoing, isCancellable, type Outgoing } from './outgoing.js'

/**
 * Where the client is:
 * - `idle`: created, nothing mounted (requests fail with `frame_not_set`);
 * - `loading`: mounted, waiting for READY (requests queue);
 * - `settling`: READY came and the port is handed over, the SPEC's 500 ms run (requests queue);
 * - `ready`: requests go out;
 * - `load_failed`: no READY within the load timeout (a late READY still makes it ready);
 * - `refused`: the frame refused this page's origin;
 * - `destroyed`: `destroy()` ran.
 */
export type FrameClientState =
  'idle' | 'loading' | 'settling' | 'ready' | 'load_failed' | 'refused' | 'destroyed'

/** Per-request options. */
export interface FrameRequestOptions {
  /**
   * Aborting it rejects the request with kind `aborted` and tells the frame to cancel it, except
   * for a safe RPC read (SPEC §4), which carries on.
   */
  readonly signal?: AbortSignal
}

/** `request()`'s arguments after the type: the payload (optional when the event has none), then options. */
export type FrameRequestArgs<T extends AppEventType> =
  undefined extends AppRequest<T>
    ? [payload?: AppRequest<T>, options?: FrameRequestOptions]
    : [payload: AppRequest<T>, options?: FrameRequestOptions]

/** The host's end of the channel to the secure frame. */
export interface FrameClient {
  /** Mounts the iframe and waits for its READY. Once; later calls do nothing. */
  load(): void
  /**
   * Sends app event `type` and resolves with its `_SUCCESS` payload, checked against its schema.
   * Rejects with a {@link FrameError}; never throws.
   */
  request<T extends AppEventType>(type: T, ...args: FrameRequestArgs<T>): Promise<AppSuccess<T>>
  /** Resolves once the frame is ready; rejects when it fails to load, refuses, or is destroyed. */
  whenReady(): Promise<void>
  /** Where the client is (see {@link FrameClientState}). */
  readonly state: FrameClientState
  /** The messages dropped so far, by reason (a snapshot). */
  readonly dropped: DropCounts
  /** The frame's exact origin, the only one posted to or accepted from. */
  readonly frameOrigin: string
  /** Removes the iframe, closes the port, rejects every request (`frame_not_set`), stops listening. */
  destroy(): void
}

const exempt = (type: AppEventType) => LOAD_TIMEOUT_EXEMPT_EVENTS.includes(type)

/**
 * Creates the host's client of the secure frame. Nothing is mounted and no global is read until
 * `load()`. See the README for the handshake and the checks.
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const timeouts = checkClientOptions(options)
  const { frameOrigin } = frameSource(options, undefined)
  const drops = createDropCounter()
  const requests = new Map<string, Outgoing>()
  const waiters: Array<{ resolve: () => void; reject: (error: FrameError) => void }> = []
  let state: FrameClientState = 'idle'
  let hostWindow: MessageListenerTarget | undefined
  let mounted: MountedFrame | undefined
  let port: MessagePort | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  let readyTimer: ReturnType<typeof setTimeout> | undefined

  function settleWaiters(error?: FrameError) {
    for (const waiter of waiters.splice(0)) {
      if (error) waiter.reject(error)
      else waiter.resolve()
    }
  }

  /** Ends every request the predicate picks, with `kind`. */
  function abortRequests(kind: FrameErrorKind, pick: (request: Outgoing) => boolean = () => true) {
    for (const request of [...requests.values()]) {
      if (pick(request)) request.controller.abort(new FrameError(kind, { event: request.type }))
    }
  }

  function post(message: RequestMessage | CancelMessage) {
    port?.postMessage(message)
  }

  function send(request: Outgoing) {
    post({ kind: 'request', id: request.id, type: request.type, payload: request.payload })
    request.sent = true
    if (!REQUEST_TIMEOUT_EVENTS.includes(request.type)) return
    request.timer = setTimeout(() => {
      request.controller.abort(new FrameError('iframe_request_timeout', { event: request.type }))
      options.onTimeout?.('iframe_request_timeout', request.type)
    }, timeouts.requestMs)
  }

  function onPortMessage(event: MessageEvent) {
    const parsed = framePortMessageSchema.safeParse(event.data)
    if (!parsed.success) return drops.drop('invalid')
    const message = parsed.data
    if (message.kind === 'notice') return options.onNotice?.(message)
    const request = requests.get(message.id)
    if (!request?.sent) return drops.drop('unknown-id')
    const reply = parseReplyType(message.type)
    if (reply?.event !== request.type) return drops.drop('invalid')
    const settled =
      reply.outcome === 'success' ? request.succeed(message.payload) : request.fail(message.payload)
    if (!settled) drops.drop('invalid')
  }

  /** READY arrived: hand the frame a private port, then start the ready delay. */
  function connect(nonce: string) {
    if (!mounted || state === 'refused') return drops.drop('unexpected')
    if (port) {
      // The frame reloaded (a new page in the same iframe): what was sent to the old page is
      // gone with it. RELOAD itself is done; anything else ends as aborted.
      port.close()
      for (const request of [...requests.values()]) {
        if (!request.sent) continue
        if (request.type === 'RELOAD') request.succeed(undefined)
        else request.controller.abort(new FrameError('aborted', { event: request.type }))
      }
    }
    clearTimeout(loadTimer)
    clearTimeout(readyTimer)
    const channel = new MessageChannel()
    port = channel.port1
    port.addEventListener('message', onPortMessage)
    port.start()
    const handover: ConnectPortMessage = { protocol: FRAME_PROTOCOL, type: 'CONNECT_PORT', nonce }
    mounted.window.postMessage(handover, frameOrigin, [channel.port2])
    state = 'settling'
    readyTimer = setTimeout(() => {
      state = 'ready'
      settleWaiters()
      for (const request of [...requests.values()]) if (!request.sent) send(request)
    }, timeouts.readyDelayMs)
  }

  function refuse() {
    if (state === 'refused') return drops.drop('unexpected')
    state = 'refused'
    clearTimeout(loadTimer)
    clearTimeout(readyTimer)
    port?.close()
    port = undefined
    const error = new FrameError('origin_not_allowed')
    settleWaiters(error)
    abortRequests('origin_not_allowed')
    options.onRefused?.()
  }

  // Only the frame's window, from the frame's origin, with a handshake message: anything else
  // on the host's window is someone else's traffic or a forgery.
  function onWindowMessage(event: FrameMessageEvent) {
    if (event.origin !== frameOrigin) return drops.drop('origin')
    if (!mounted || event.source !== mounted.window) return drops.drop('source')
    const parsed = frameWindowMessageSchema.safeParse(event.data)
    if (!parsed.success) return drops.drop('invalid')
    if (parsed.data.type === 'ORIGIN_NOT_ALLOWED') return refuse()
    connect(parsed.data.nonce)
  }

  function onLoadTimeout() {
    if (state !== 'loading') return
    state = 'load_failed'
    settleWaiters(new FrameError('iframe_load_failed'))
    abortRequests('iframe_load_failed', (request) => !exempt(request.type))
    options.onTimeout?.('iframe_load_failed')
  }

  /** Why a request of `type` (or a wait for readiness) cannot even queue now, if it cannot. */
  function refusalFor(type?: AppEventType): FrameErrorKind | undefined {
    if (state === 'idle' || state === 'destroyed') return 'frame_not_set'
    if (state === 'refused') return 'origin_not_allowed'
    if (state === 'load_failed' && !(type && exempt(type))) return 'iframe_load_failed'
    return undefined
  }

  function request<T extends AppEventType>(
    type: T,
    ...[payload, requestOptions]: FrameRequestArgs<T>
  ): Promise<AppSuccess<T>> {
    return new Promise<AppSuccess<T>>((resolve, reject) => {
      const refusal = refusalFor(type)
      if (refusal) return reject(new FrameError(refusal, { event: type }))
      const checked = eventSchemas(type).request.safeParse(payload)
      if (!checked.success) {
        return reject(new FrameError('invalid_request', { event: type, cause: checked.error }))
      }
      const signal = requestOptions?.signal
      const outgoing = createOutgoing(
        type,
        checked.data,
        signal,
        { resolve, reject },
        {
          finish: (done) => {
            requests.delete(done.id)
            clearTimeout(done.timer)
          },
          cancel: (given) => post({ kind: 'cancel', id: given.id }),
        },
      )
      requests.set(outgoing.id, outgoing)
      if (signal?.aborted && isCancellable(type, checked.data)) {
        outgoing.controller.abort(signal.reason)
      } else if (state === 'ready') send(outgoing)
    })
  }

  return {
    load() {
      if (state !== 'idle') return
      const target: MessageListenerTarget = options.window ?? globalThis
      const origin =
        options.hostOrigin ?? (typeof location === 'undefined' ? undefined : location.origin)
      const { src } = frameSource(options, origin)
      // Listen before mounting, so a READY sent as soon as the frame loads is not missed.
      target.addEventListener('message', onWindowMessage)
      try {
        mounted = options.mount(src)
      } catch (error) {
        target.removeEventListener('message', onWindowMessage)
        throw error
      }
      hostWindow = target
      state = 'loading'
      loadTimer = setTimeout(onLoadTimeout, timeouts.loadMs)
    },
    request,
    whenReady() {
      if (state === 'ready') return Promise.resolve()
      const refusal = refusalFor()
      if (refusal) return Promise.reject(new FrameError(refusal))
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }))
    },
    get state() {
      return state
    },
    get dropped() {
      return drops.snapshot()
    },
    frameOrigin,
    destroy() {
      if (state === 'destroyed') return
      state = 'destroyed'
      clearTimeout(loadTimer)
      clearTimeout(readyTimer)
      settleWaiters(new FrameError('frame_not_set'))
      abortRequests('frame_not_set')
      port?.close()
      port = undefined
      hostWindow?.removeEventListener('message', onWindowMessage)
      mounted?.remove()
      mounted = undefined
    },
  }
}
