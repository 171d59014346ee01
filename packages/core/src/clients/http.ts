// The one request helper of every Latch server call: how a call is sent, and what each way of
// failing becomes (SPEC §8). The directory and the provider-services client share it, so a 403
// means 'Invalid App Configuration' wherever it is answered.
import * as z from 'zod/mini'
import { apiErrorSchema } from '../api/errors.js'
import { LatchError } from '../errors/latch-error.js'

/** One JSON call to the server. */
export interface JsonRequest {
  /** The whole URL, query included (see `serverApiUrl`). */
  url: string
  method?: 'GET' | 'POST'
  /** Sent as JSON (POST only). */
  body?: unknown
  /** Cancels the call; a cancelled call fails with SOMETHING_WENT_WRONG. */
  signal?: AbortSignal | undefined
  /** The fetch to use; `globalThis.fetch`, read at each call, by default. */
  fetch?: typeof fetch | undefined
  /** A bearer token (a sign-in session's), sent as `Authorization: Bearer …`. */
  bearer?: string | undefined
}

/** SPEC §8: what a failed call is reported as. */
function failure(error: unknown, signal: AbortSignal | undefined): LatchError {
  if (signal?.aborted) return new LatchError('SOMETHING_WENT_WRONG', { cause: error })
  return new LatchError('UNKNOWN_ERROR', { cause: error })
}

/** The server's error body (message and zod issues), kept as the cause for debugging. */
async function errorBody(response: Response): Promise<unknown> {
  try {
    const result = z.safeParse(apiErrorSchema, await response.json())
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}

/**
 * Sends one call and checks its answer against `schema`. The browser's cookies and credentials
 * are never sent (`credentials: 'omit'`): a Latch server knows a caller by its project id alone.
 * @throws LatchError `INVALID_APP_CONFIGURATION` ('Invalid App Configuration') when the server
 * answers 403 (an unknown project, or an origin the project does not allow); `HTTP_STATUS`
 * ('HTTP status code: {status}') for any other error status; `UNKNOWN_ERROR` when the server
 * cannot be reached or its body is not what `schema` describes; `SOMETHING_WENT_WRONG` when
 * `signal` cancels the call.
 */
export async function requestJson<S extends z.core.$ZodType>(
  request: JsonRequest,
  schema: S,
): Promise<z.output<S>> {
  const { signal } = request
  const doFetch = request.fetch ?? globalThis.fetch
  const post = request.method === 'POST'
  let response: Response
  try {
    response = await doFetch(request.url, {
      method: post ? 'POST' : 'GET',
      headers: {
        accept: 'application/json',
        ...(post ? { 'content-type': 'application/json' } : {}),
        ...(request.bearer ? { authorization: `Bearer ${request.bearer}` } : {}),
      },
      credentials: 'omit',
      ...(post ? { body: JSON.stringify(request.body) } : {}),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    throw failure(error, signal)
  }
  if (response.status === 403) {
    throw new LatchError('INVALID_APP_CONFIGURATION', { cause: await errorBody(response) })
  }
  if (!response.ok) {
    throw new LatchError('HTTP_STATUS', {
      values: { status: response.status },
      cause: await errorBody(response),
    })
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    throw failure(error, signal)
  }
  const result = z.safeParse(schema, body)
  if (!result.success) throw new LatchError('UNKNOWN_ERROR', { cause: result.error })
  return result.data
}
