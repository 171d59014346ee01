import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { isLatchError, LatchError } from '../errors/latch-error.js'
import { requestJson } from './http.js'

const okSchema = z.object({ ok: z.boolean() })

/** A fetch that records each call and answers with `respond`. */
function fakeFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const doFetch = vi.fn<typeof fetch>(async (input, init = {}) => {
    calls.push({ url: String(input), init })
    return respond(String(input), init)
  })
  return { calls, fetch: doFetch }
}

async function failureOf(promise: Promise<unknown>): Promise<LatchError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(LatchError)
  return error as LatchError
}

const url = 'http://127.0.0.1:4000/appkit/v1/config?projectId=p&st=latch&sv=1.0.0'

describe('requestJson: the one request helper of every server call', () => {
  it('sends a GET without credentials, asks for JSON, and returns the parsed answer', async () => {
    const { calls, fetch } = fakeFetch(() => Response.json({ ok: true, extra: 1 }))
    expect(await requestJson({ url, fetch }, okSchema)).toEqual({ ok: true })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(url)
    expect(calls[0]!.init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      headers: { accept: 'application/json' },
    })
    expect(calls[0]!.init.body).toBeUndefined()
  })

  it('sends a POST body as JSON', async () => {
    const { calls, fetch } = fakeFetch(() => Response.json({ ok: true }))
    await requestJson({ url, fetch, method: 'POST', body: { a: [1, 'b'] } }, okSchema)
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: '{"a":[1,"b"]}',
    })
  })

  it("turns a 403 into 'Invalid App Configuration', keeping the server's error as the cause", async () => {
    const body = { error: 'Origin not allowed', issues: [{ path: ['origin'], message: 'No' }] }
    const { fetch } = fakeFetch(() => Response.json(body, { status: 403 }))
    const error = await failureOf(requestJson({ url, fetch }, okSchema))
    expect(error.code).toBe('INVALID_APP_CONFIGURATION')
    expect(error.message).toBe('Invalid App Configuration')
    expect(error.cause).toEqual(body)
  })

  it("turns any other error status into 'HTTP status code: {n}'", async () => {
    for (const status of [400, 404, 429, 500, 503]) {
      const { fetch } = fakeFetch(() => new Response('nope', { status }))
      const error = await failureOf(requestJson({ url, fetch }, okSchema))
      expect(error.code).toBe('HTTP_STATUS')
      expect(error.message).toBe(`HTTP status code: ${status}`)
    }
  })

  it('turns an unreachable server into UNKNOWN_ERROR, keeping the cause', async () => {
    const offline = new TypeError('fetch failed')
    const error = await failureOf(
      requestJson({ url, fetch: async () => Promise.reject(offline) }, okSchema),
    )
    expect(isLatchError(error, 'UNKNOWN_ERROR')).toBe(true)
    expect(error.cause).toBe(offline)
  })

  it('turns a body that is not JSON, or not of the schema, into UNKNOWN_ERROR', async () => {
    for (const body of ['{not json', '[]', '{"ok":"yes"}']) {
      const { fetch } = fakeFetch(() => new Response(body, { status: 200 }))
      const error = await failureOf(requestJson({ url, fetch }, okSchema))
      expect(error.code).toBe('UNKNOWN_ERROR')
    }
  })

  it("turns a cancelled call into 'Something went wrong' (SPEC §8)", async () => {
    const controller = new AbortController()
    const hanging = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    )
    const pending = requestJson({ url, fetch: hanging, signal: controller.signal }, okSchema)
    controller.abort()
    const error = await failureOf(pending)
    expect(error.code).toBe('SOMETHING_WENT_WRONG')
    expect(error.message).toBe('Something went wrong')
    expect(hanging.mock.calls[0]![1]!.signal).toBe(controller.signal)
  })

  it('reads globalThis.fetch at each call when none is given', async () => {
    const late = vi.fn<typeof fetch>(async () => Response.json({ ok: false }))
    vi.stubGlobal('fetch', late)
    try {
      expect(await requestJson({ url }, okSchema)).toEqual({ ok: false })
      expect(late).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
