import type * as z from 'zod/mini'

/** The two schemas of one app event: what the host sends, and what `_SUCCESS` carries back. */
export interface EventSchemas<
  Request extends z.ZodMiniType = z.ZodMiniType,
  Success extends z.ZodMiniType = z.ZodMiniType,
> {
  /** The request payload, checked before the host posts it and again before a handler sees it. */
  readonly request: Request
  /** The `_SUCCESS` payload, checked before the frame posts it and again when the host receives it. */
  readonly success: Success
}

/** Pairs an event's request and success schemas (the `_ERROR` payload is always `{ message }`). */
export function defineEvent<Request extends z.ZodMiniType, Success extends z.ZodMiniType>(
  request: Request,
  success: Success,
): EventSchemas<Request, Success> {
  return { request, success }
}
