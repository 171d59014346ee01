import type { AppEventType } from './events/event-map.js'

/**
 * Why a frame request failed. Core maps each kind to its own catalogue (SPEC §8); this package
 * carries no user-visible text:
 * - `iframe_load_failed`: the frame sent no READY within the load timeout ('Network Error -
 *   Could not load embedded wallet');
 * - `iframe_request_timeout`: a request with a request timeout got no reply in time ('Embedded
 *   Wallet Request Timed Out');
 * - `aborted`: the caller's signal aborted it, or the frame reloaded while answering ('Request
 *   was aborted' for RPC_REQUEST, 'Something went wrong' for the others);
 * - `frame_not_set`: there is no frame to ask, before `load()` or after `destroy()` ('W3mFrame:
 *   iframe is not set');
 * - `origin_not_allowed`: the frame refused this page's origin (the INVALID_APP_CONFIGURATION
 *   alert, 'Invalid App Configuration');
 * - `invalid_request`: the payload failed its schema, so nothing was sent (core validates its
 *   fields first, with its own texts);
 * - `remote`: the frame answered `_ERROR`; `remoteMessage` is its `{ message }` (an empty one is
 *   'An error occurred').
 */
export type FrameErrorKind =
  | 'iframe_load_failed'
  | 'iframe_request_timeout'
  | 'aborted'
  | 'frame_not_set'
  | 'origin_not_allowed'
  | 'invalid_request'
  | 'remote'

/** The two kinds reported to the client's `onTimeout` callback (SPEC §8's timeout callbacks). */
export type FrameTimeoutKind = Extract<
  FrameErrorKind,
  'iframe_load_failed' | 'iframe_request_timeout'
>

/**
 * Every rejection of a frame request. Its `message` is a code for logs (the kind, or the frame's
 * own message for `remote`), not a text to show: pick the text by `kind`.
 */
export class FrameError extends Error {
  override readonly name = 'FrameError'
  /** Why it failed. */
  readonly kind: FrameErrorKind
  /** The event that failed, when the failure belongs to one request. */
  readonly event: AppEventType | undefined
  /** For `remote`: the frame's `_ERROR` message, as sent (possibly empty). */
  readonly remoteMessage: string | undefined

  constructor(
    kind: FrameErrorKind,
    details: { event?: AppEventType; remoteMessage?: string; cause?: unknown } = {},
  ) {
    super(kind === 'remote' ? details.remoteMessage || kind : kind, { cause: details.cause })
    this.kind = kind
    this.event = details.event
    this.remoteMessage = details.remoteMessage
  }
}

/** Whether `error` is a {@link FrameError}, optionally of one kind. */
export function isFrameError(error: unknown, kind?: FrameErrorKind): error is FrameError {
  return error instanceof FrameError && (kind === undefined || error.kind === kind)
}
