import * as z from 'zod/mini'
import { FRAME_PROTOCOL } from '../constants.js'
import {
  eventSchemas,
  isAppEventType,
  type AppEventType,
  type AppRequest,
  type AppSuccess,
} from '../events/event-map.js'
import { frameNotices, type FrameNoticePayload, type FrameNoticeType } from '../events/notices.js'
import { createDropCounter, type DropCounts } from '../protocol/dropped.js'
import {
  connectPortMessageSchema,
  hostPortMessageSchema,
  type ReplyMessage,
} from '../protocol/messages.js'
import { isOrigin, type FrameMessageEvent } from '../protocol/windows.js'
import {
  isAllowedParent,
  readParentOrigin,
  type AllowedParentOrigins,
  type FrameWindow,
} from './parent-origin.js'

/** `notify()`'s arguments after the type: the payload, optional when the notice has none. */
export type FrameNotifyArgs<T extends FrameNoticeType> =
  undefined extends FrameNoticePayload<T>
    ? [payload?: FrameNoticePayload<T>]
    : [payload: FrameNoticePayload<T>]

/** Sends a notice to the host over the port; `false` when there is no port yet or it is invalid. */
export type FrameNotify = <T extends FrameNoticeType>(
  type: T,
  ...args: FrameNotifyArgs<T>
) => boolean

/** What a handler gets besides the payload. */
export interface FrameHandlerContext {
  /** The request id (the one FRAME_APPROVAL_REQUESTED names). */
  readonly id: string
  /** Aborted when the host cancels the request (its caller aborted, or it timed out). */
  readonly signal: AbortSignal
  /** Sends a notice to the host, e.g. FRAME_APPROVAL_REQUESTED before asking the visitor. */
  readonly notify: FrameNotify
  /** The host page's exact origin (checked before any request is answered). */
  readonly parentOrigin: string
}

/** The handler of app event `T`: the checked payload in, the success payload out; a throw is `_ERROR`. */
export type FrameHandler<T extends AppEventType> = (
  payload: AppRequest<T>,
  context: FrameHandlerContext,
) => AppSuccess<T> | Promise<AppSuccess<T>>

/** One handler for every app event: the frame answers all of them, if only with an error. */
export type FrameHandlers = { readonly [T in AppEventType]: FrameHandler<T> }

interface EndpointCommon {
  readonly handlers: FrameHandlers
  /** The frame's own window. Default `globalThis.window`, read when the endpoint is created. */
  readonly window?: FrameWindow
  /** The parent's origin was not allowed (or could not be learnt); the endpoint stays inert. */
  readonly onRefused?: (origin: string | undefined) => void
  /** A handler returned a payload that fails its schema (a bug in the frame): for its logger. */
  readonly onInvalidResult?: (type: AppEventType, issues: z.core.$ZodIssue[]) => void
}

/** The options of `createFrameEndpoint`: the handlers, and how the host's origin is known. */
export type FrameEndpointOptions = EndpointCommon &
  (
    | {
        /** The host page's exact origin, when the frame app has it already. */
        readonly parentOrigin: string
        readonly allowedParentOrigins?: never
      }
    | {
        /** The origins allowed to embed the frame; the parent's is read from the browser. */
        readonly allowedParentOrigins: AllowedParentOrigins
        readonly parentOrigin?: never
      }
  )

/** The frame's end of the channel. */
export interface FrameEndpoint {
  /** The host's origin READY was sent to, or `undefined` when the endpoint refused. */
  readonly parentOrigin: string | undefined
  /** Whether the host's port has arrived. */
  readonly connected: boolean
  /** The messages dropped so far, by reason (a snapshot). */
  readonly dropped: DropCounts
  /** Sends a notice to the host (see {@link FrameNotify}). */
  readonly notify: FrameNotify
  /** Stops listening, cancels the handlers still running, closes the port. */
  destroy(): void
}

/**
 * Whether the frame may talk to `claimed`: an exact origin that is the one the frame app named,
 * or one on the allow-list. Neither option (possible from plain JavaScript) allows nothing.
 */
function isAcceptedParent(
  claimed: string | undefined,
  options: FrameEndpointOptions,
): claimed is string {
  if (claimed === undefined || !isOrigin(claimed)) return false
  if (options.parentOrigin !== undefined) return claimed === options.parentOrigin
  if (options.allowedParentOrigins === undefined) return false
  return isAllowedParent(claimed, options.allowedParentOrigins)
}

function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : ''
}

/**
 * Starts the frame's end: learns and checks the host's origin, posts READY to it (exact target
 * origin), adopts the port the host sends back, and answers every request on that port with its
 * handler. Every incoming message is checked (origin, source, schema) and dropped and counted
 * when it fails; nothing throws into the page.
 */
export function createFrameEndpoint(options: FrameEndpointOptions): FrameEndpoint {
  const win: FrameWindow | undefined = options.window ?? globalThis.window
  if (!win) throw new TypeError('createFrameEndpoint needs a window')
  const drops = createDropCounter()
  const running = new Map<string, AbortController>()
  let port: MessagePort | undefined
  let destroyed = false

  const claimed = options.parentOrigin ?? readParentOrigin(win)
  const parentOrigin = isAcceptedParent(claimed, options) ? claimed : undefined
  const nonce = crypto.randomUUID()

  const notify: FrameNotify = (type, ...[payload]) => {
    const checked = z.safeParse(frameNotices[type], payload)
    if (!port || !checked.success) return false
    port.postMessage({ kind: 'notice', type, payload: checked.data })
    return true
  }

  function reply(message: ReplyMessage) {
    port?.postMessage(message)
  }

  async function answer<T extends AppEventType>(type: T, id: string, payload: unknown) {
    const checked = eventSchemas(type).request.safeParse(payload)
    if (!checked.success) {
      // The sender is the host (only it holds the port): answer, so it does not wait in vain.
      drops.drop('invalid')
      return reply({ kind: 'reply', id, type: `${type}_ERROR`, payload: { message: '' } })
    }
    // Only an accepted parent ever gets the port; said again here for the handlers' sake.
    if (parentOrigin === undefined) return
    const controller = new AbortController()
    running.set(id, controller)
    try {
      const handler: FrameHandler<T> = options.handlers[type]
      const context = { id, signal: controller.signal, notify, parentOrigin }
      const result = await handler(checked.data, context)
      if (controller.signal.aborted) return
      const out = eventSchemas(type).success.safeParse(result)
      if (out.success) {
        reply({ kind: 'reply', id, type: `${type}_SUCCESS`, payload: out.data })
      } else {
        options.onInvalidResult?.(type, out.error.issues)
        reply({ kind: 'reply', id, type: `${type}_ERROR`, payload: { message: '' } })
      }
    } catch (error) {
      if (controller.signal.aborted) return
      reply({
        kind: 'reply',
        id,
        type: `${type}_ERROR`,
        payload: { message: errorMessageOf(error) },
      })
    } finally {
      running.delete(id)
    }
  }

  function onPortMessage(event: MessageEvent) {
    const parsed = hostPortMessageSchema.safeParse(event.data)
    if (!parsed.success) return drops.drop('invalid')
    const message = parsed.data
    if (message.kind === 'cancel') {
      const controller = running.get(message.id)
      if (!controller) return drops.drop('unknown-id')
      return controller.abort()
    }
    if (!isAppEventType(message.type)) return drops.drop('invalid')
    if (running.has(message.id)) return drops.drop('unexpected')
    void answer(message.type, message.id, message.payload)
  }

  // Only the parent window, from the parent's origin, with this load's nonce, once.
  function onWindowMessage(event: FrameMessageEvent) {
    if (event.origin !== parentOrigin) return drops.drop('origin')
    if (event.source !== win?.parent) return drops.drop('source')
    const parsed = connectPortMessageSchema.safeParse(event.data)
    const transferred = event.ports[0]
    if (!parsed.success || event.ports.length !== 1 || !transferred) return drops.drop('invalid')
    if (port || parsed.data.nonce !== nonce) return drops.drop('unexpected')
    port = transferred
    port.addEventListener('message', onPortMessage)
    port.start()
  }

  if (parentOrigin !== undefined) {
    win.addEventListener('message', onWindowMessage)
    win.parent.postMessage({ protocol: FRAME_PROTOCOL, type: 'READY', nonce }, parentOrigin)
  } else {
    // Say so to the page that embedded the frame, so it can show its alert: only to an exact
    // origin, never '*', and with nothing in it but the refusal.
    if (claimed !== undefined && isOrigin(claimed)) {
      win.parent.postMessage({ protocol: FRAME_PROTOCOL, type: 'ORIGIN_NOT_ALLOWED' }, claimed)
    }
    options.onRefused?.(claimed)
  }

  return {
    parentOrigin,
    get connected() {
      return port !== undefined && !destroyed
    },
    get dropped() {
      return drops.snapshot()
    },
    notify,
    destroy() {
      if (destroyed) return
      destroyed = true
      win.removeEventListener('message', onWindowMessage)
      for (const controller of running.values()) controller.abort()
      running.clear()
      port?.close()
      port = undefined
    },
  }
}
