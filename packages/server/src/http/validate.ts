import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError, issuesOf } from './errors.js'

/** A zod schema (classic or mini) as the server uses it: parse without throwing. */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } }
}

/**
 * Checks a request's input (query, params or body).
 * @throws HttpError 400 with the zod issues.
 */
export function parseRequest<T>(schema: Schema<T>, value: unknown, what = 'request'): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw new HttpError(400, `Invalid ${what}`, issuesOf(result.error.issues))
}

/** The query string as one object (a repeated parameter keeps its first value). */
export function queryOf(c: Context): Record<string, string> {
  return c.req.query()
}

/** The JSON body, or a 400 when it is not JSON. */
export async function jsonBody(c: Context, maxBytes = 64 * 1024): Promise<unknown> {
  const text = await c.req.text()
  if (text.length > maxBytes) throw new HttpError(413, 'Request body too large')
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Invalid request', [{ path: [], message: 'Body is not JSON' }])
  }
}

/**
 * Checks an answer against the schema the client parses it with: a server that would send what
 * its clients reject fails here, loudly, instead.
 * @throws Error naming the issues (answered as a 500, logged, never sent).
 */
export function checkAnswer<T>(schema: Schema<T>, body: T): void {
  const result = schema.safeParse(body)
  if (!result.success) {
    throw new Error(`Response failed its schema: ${JSON.stringify(issuesOf(result.error.issues))}`)
  }
}

/** Sends an answer once it passed {@link checkAnswer}. */
export function respond<T>(
  c: Context,
  schema: Schema<T>,
  body: T,
  status: ContentfulStatusCode = 200,
): Response {
  checkAnswer(schema, body)
  return c.json(body as object, status)
}
