import type { ApiError } from '@latch/core/api'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

type Issue = NonNullable<ApiError['issues']>[number]

/**
 * An answer other than success, with the body every error of the server has (core's
 * `apiErrorSchema`): a message, and for a rejected request the zod issues. Never a stack.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: readonly Issue[],
    /** Extra headers (Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }

  body(): ApiError {
    return { error: this.message, ...(this.issues ? { issues: [...this.issues] } : {}) }
  }
}

/** The issues of a failed parse, as the error body lists them. */
export function issuesOf(issues: readonly { path: PropertyKey[]; message: string }[]): Issue[] {
  return issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    message: issue.message,
  }))
}

/**
 * The app's error handler: an HttpError is answered as it says; anything else is a 500 with a
 * fixed message, logged on the server, never sent to the client.
 */
export function answerError(error: Error, c: Context, log: (error: unknown) => void): Response {
  if (error instanceof HttpError) {
    return c.json(error.body(), error.status, error.headers)
  }
  log(error)
  return c.json({ error: 'Internal server error' } satisfies ApiError, 500)
}
