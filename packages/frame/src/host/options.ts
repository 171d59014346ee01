import * as z from 'zod/mini'
import {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
} from '../constants.js'
import type { FrameTimeoutKind } from '../errors.js'
import type { AppEventType } from '../events/event-map.js'
import type { FrameNotice } from '../events/notices.js'
import { chainIdSchema, textSchema, type ChainId } from '../events/primitives.js'
import type { MessageListenerTarget, PostMessageTarget } from '../protocol/windows.js'

/** What `mount` returns: the iframe's window, and how to take the iframe away again. */
export interface MountedFrame {
  /** The iframe's `contentWindow`: the only window whose messages are accepted. */
  readonly window: PostMessageTarget
  /** Removes the iframe from the page. */
  remove(): void
}

/**
 * Puts an iframe loading `src` into the page. Injected, so the client has no DOM code of its own:
 * core creates the element (hidden until the frame asks for approval), a test returns a fake.
 */
export type MountFrame = (src: string) => MountedFrame

/** The three timing constants of SPEC §9, in milliseconds. Tests shorten them. */
export interface FrameTimeouts {
  /** After READY, before the first request is sent ({@link FRAME_READY_DELAY_MS}). */
  readonly readyDelayMs: number
  /** From mounting to READY ({@link FRAME_LOAD_TIMEOUT_MS}). */
  readonly loadMs: number
  /** From sending to the reply, for the request-timeout events ({@link FRAME_REQUEST_TIMEOUT_MS}). */
  readonly requestMs: number
}

/** The options of `createFrameClient`. */
export interface FrameClientOptions {
  /** The secure frame's page (https:, or http: on a loopback host). Its origin is the only one trusted. */
  readonly frameUrl: string
  /** Passed to the frame as `projectId`. */
  readonly projectId: string
  /** The chain the frame starts on, passed as `chainId`. */
  readonly chainId: ChainId
  /** The SDK version, passed as `version`. */
  readonly version: string
  /** Passed as `enableLogger`: whether the frame logs to its console. Default false. */
  readonly enableLogger?: boolean
  /** Creates the iframe (see {@link MountFrame}). Called once, by `load()`. */
  readonly mount: MountFrame
  /** Shorter or longer timings than SPEC §9's. */
  readonly timeouts?: Partial<FrameTimeouts>
  /**
   * SPEC §8's timeout callbacks: called once per load failure and once per timed-out request,
   * with the request's event (so a caller that asks again on purpose can tell its own waits).
   */
  readonly onTimeout?: (kind: FrameTimeoutKind, event?: AppEventType) => void
  /** A notice from the frame (approval requested or settled, session expired). */
  readonly onNotice?: (notice: FrameNotice) => void
  /** The frame refused this page's origin: show INVALID_APP_CONFIGURATION. */
  readonly onRefused?: () => void
  /** Where READY arrives: the host page's window. Default `globalThis`, read by `load()`. */
  readonly window?: MessageListenerTarget
  /** This page's origin, told to the frame. Default `location.origin`, read by `load()`. */
  readonly hostOrigin?: string
}

const LOOPBACK_HOSTS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  '127.0.0.1',
  'localhost',
  '[::1]',
])

/** https:, or http: on a loopback host (a local frame's traffic never crosses a network). */
function isTrustworthyFrameUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  if (url.username !== '' || url.password !== '') return false
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
}

const isFunction = (value: unknown) => typeof value === 'function'
const duration = /* @__PURE__ */ z.optional(z.number().check(z.int(), z.nonnegative()))

const optionsSchema = /* @__PURE__ */ z.object({
  frameUrl: z.string().check(z.refine(isTrustworthyFrameUrl)),
  projectId: textSchema,
  chainId: chainIdSchema,
  version: textSchema,
  enableLogger: z.optional(z.boolean()),
  mount: z.custom<MountFrame>(isFunction),
  timeouts: z.optional(z.object({ readyDelayMs: duration, loadMs: duration, requestMs: duration })),
  onTimeout: z.optional(z.custom(isFunction)),
  onNotice: z.optional(z.custom(isFunction)),
  onRefused: z.optional(z.custom(isFunction)),
  hostOrigin: z.optional(z.string()),
})

/**
 * Checks the options at the boundary and returns the timings in force. Wrong options throw one
 * `TypeError` naming every wrong field, before anything is mounted.
 */
export function checkClientOptions(options: FrameClientOptions): FrameTimeouts {
  const parsed = z.safeParse(optionsSchema, options)
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))]
    throw new TypeError(`Invalid frame client options: ${fields.join(', ')}`)
  }
  return {
    readyDelayMs: options.timeouts?.readyDelayMs ?? FRAME_READY_DELAY_MS,
    loadMs: options.timeouts?.loadMs ?? FRAME_LOAD_TIMEOUT_MS,
    requestMs: options.timeouts?.requestMs ?? FRAME_REQUEST_TIMEOUT_MS,
  }
}
