import { messageFor, type ErrorCode } from './catalogue.js'

export type ErrorValues = Record<string, string | number>

/**
 * Every error core throws or reports. `code` is stable and translatable; `message` is the SPEC's
 * English text. `cause` keeps the original (a wallet's RPC error, a failed fetch) for debugging.
 */
export class LatchError extends Error {
  override readonly name = 'LatchError'
  readonly code: ErrorCode
  readonly values: ErrorValues

  constructor(code: ErrorCode, options: { values?: ErrorValues; cause?: unknown } = {}) {
    super(messageFor(code, options.values), { cause: options.cause })
    this.code = code
    this.values = options.values ?? {}
  }
}

export function isLatchError(value: unknown, code?: ErrorCode): value is LatchError {
  return value instanceof LatchError && (code === undefined || value.code === code)
}
