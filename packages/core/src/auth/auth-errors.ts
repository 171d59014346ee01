import { isFrameError, type FrameErrorKind } from '@latch/frame'
import type { ErrorCode } from '../errors/catalogue.js'
import { isLatchError, LatchError, type ErrorValues } from '../errors/latch-error.js'

/**
 * SPEC §8: the text each frame failure shows. `remote` is the frame's own message when it sent
 * one ('An error occurred' when empty); `aborted` is 'Request was aborted' for an RPC request
 * and 'Something went wrong' for the others.
 */
const codeByKind: Record<Exclude<FrameErrorKind, 'remote' | 'aborted'>, ErrorCode> = {
  iframe_load_failed: 'EMBEDDED_WALLET_LOAD_FAILED',
  iframe_request_timeout: 'EMBEDDED_WALLET_REQUEST_TIMEOUT',
  frame_not_set: 'FRAME_NOT_SET',
  origin_not_allowed: 'INVALID_APP_CONFIGURATION',
  invalid_request: 'FRAME_ERROR',
}

/** What the login views show: the text, and its catalogue code when it has one (to translate). */
export interface AuthFailure {
  readonly message: string
  readonly code?: ErrorCode
  /** The code's placeholders (`seconds` for 'Please try again after N seconds'). */
  readonly values?: ErrorValues
}

function failureOf(error: LatchError): AuthFailure {
  return { message: error.message, code: error.code, values: error.values }
}

/**
 * Any failure of a login step, as the views show it. A frame's own message (an `_ERROR` reply,
 * e.g. the server's "Invalid code") is shown as sent; every other kind maps to SPEC §8's text.
 */
export function authFailure(error: unknown): AuthFailure {
  if (isLatchError(error)) return failureOf(error)
  if (isFrameError(error)) {
    if (error.kind === 'remote') {
      return error.remoteMessage
        ? { message: error.remoteMessage }
        : failureOf(new LatchError('FRAME_ERROR'))
    }
    if (error.kind === 'aborted') {
      const code = error.event === 'RPC_REQUEST' ? 'REQUEST_ABORTED' : 'SOMETHING_WENT_WRONG'
      return failureOf(new LatchError(code))
    }
    return failureOf(new LatchError(codeByKind[error.kind]))
  }
  return failureOf(new LatchError('UNKNOWN_ERROR', { cause: error }))
}

/** SPEC §5 'Please try again after N seconds', for a login within the cooldown. */
export function tooEarly(seconds: number): AuthFailure {
  return failureOf(new LatchError('EMAIL_LOGIN_TOO_EARLY', { values: { seconds } }))
}
