import { RETRIED_HTTP_STATUSES } from '@latch/core/api'
import { describe, expect, it } from 'vitest'
import { parseServerConfig } from '../config/load.js'
import { postUpstream, retryDelay, SPEC_UPSTREAM_POLICY, type UpstreamPolicy } from './upstream.js'

/** A fetch that answers from a script, one entry per call, and records each call's URL. */
function scriptedFetch(script: readonly (Response | Error | 'hang')[]) {
  const calls: string[] = []
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    calls.push(String(input))
    const step = script[calls.length - 1]
    if (step === undefined) throw new Error(`unexpected call ${calls.length}`)
    if (step === 'hang') {
      // Never answers: only the attempt's own timeout (its signal) ends it.
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    }
    return step instanceof Error ? Promise.reject(step) : Promise.resolve(step)
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ok = () => json({ jsonrpc: '2.0', id: 0, result: '0x1' })

/** A recording sleep that does not wait. */
function recordingSleep() {
  const delays: number[] = []
  return { delays, sleep: async (ms: number) => void delays.push(ms) }
}

describe('postUpstream', () => {
  it('uses SPEC §9 by default: 10000 ms per attempt, 3 retries, 150 ms doubling', () => {
    expect(SPEC_UPSTREAM_POLICY).toEqual({ timeoutMs: 10_000, retries: 3, retryDelayMs: 150 })
    const { rpc } = parseServerConfig({
      projects: [{ id: 'p', allowedOrigins: ['https://app.example'] }],
    })
    expect({
      timeoutMs: rpc.upstreamTimeoutMs,
      retries: rpc.upstreamRetries,
      retryDelayMs: rpc.upstreamRetryDelayMs,
    }).toEqual(SPEC_UPSTREAM_POLICY)
    expect([0, 1, 2].map((attempt) => retryDelay(SPEC_UPSTREAM_POLICY, attempt))).toEqual([
      150, 300, 600,
    ])
  })

  it.each(RETRIED_HTTP_STATUSES)(
    'retries %i on the same URL after 150, 300 and 600 ms, then gives up',
    async (status) => {
      const { fetch, calls } = scriptedFetch(Array.from({ length: 4 }, () => json({}, status)))
      const { delays, sleep } = recordingSleep()
      const result = await postUpstream(
        ['http://127.0.0.1:1/a'],
        {},
        {
          fetch,
          policy: SPEC_UPSTREAM_POLICY,
          sleep,
        },
      )
      expect(result).toEqual({ ok: false, failure: 'unavailable' })
      expect(calls).toEqual(Array.from({ length: 4 }, () => 'http://127.0.0.1:1/a'))
      expect(delays).toEqual([150, 300, 600])
    },
  )

  it('answers with the first success after retries', async () => {
    const { fetch, calls } = scriptedFetch([json({}, 503), json({}, 429), ok()])
    const { delays, sleep } = recordingSleep()
    const result = await postUpstream(
      ['http://127.0.0.1:1/a'],
      {},
      {
        fetch,
        policy: SPEC_UPSTREAM_POLICY,
        sleep,
      },
    )
    expect(result).toEqual({
      ok: true,
      status: 200,
      body: { jsonrpc: '2.0', id: 0, result: '0x1' },
    })
    expect(calls).toHaveLength(3)
    expect(delays).toEqual([150, 300])
  })

  it('moves to the next URL once a URL has spent its retries', async () => {
    const policy: UpstreamPolicy = { ...SPEC_UPSTREAM_POLICY, retries: 1 }
    const { fetch, calls } = scriptedFetch([json({}, 502), json({}, 502), ok()])
    const { delays, sleep } = recordingSleep()
    const result = await postUpstream(
      ['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b'],
      {},
      {
        fetch,
        policy,
        sleep,
      },
    )
    expect(result.ok).toBe(true)
    expect(calls).toEqual(['http://127.0.0.1:1/a', 'http://127.0.0.1:1/a', 'http://127.0.0.1:1/b'])
    expect(delays).toEqual([150])
  })

  it('moves to the next URL at once on a network error or a timeout, without waiting', async () => {
    const policy: UpstreamPolicy = { ...SPEC_UPSTREAM_POLICY, timeoutMs: 50 }
    const { fetch, calls } = scriptedFetch([new TypeError('fetch failed'), 'hang', ok()])
    const { delays, sleep } = recordingSleep()
    const urls = ['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b', 'http://127.0.0.1:1/c']
    const result = await postUpstream(urls, {}, { fetch, policy, sleep })
    expect(result.ok).toBe(true)
    expect(calls).toEqual(urls)
    expect(delays).toEqual([])
  })

  it('takes any other status as final: no retry, no next URL, its JSON body returned', async () => {
    const refusal = { jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'invalid params' } }
    const { fetch, calls } = scriptedFetch([json(refusal, 400)])
    const result = await postUpstream(
      ['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b'],
      {},
      {
        fetch,
        policy: SPEC_UPSTREAM_POLICY,
        sleep: recordingSleep().sleep,
      },
    )
    expect(result).toEqual({ ok: true, status: 400, body: refusal })
    expect(calls).toHaveLength(1)
  })

  it('reports a body that is not JSON as invalid, without another attempt', async () => {
    const { fetch, calls } = scriptedFetch([new Response('<html>oops</html>', { status: 200 })])
    const result = await postUpstream(
      ['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b'],
      {},
      {
        fetch,
        policy: SPEC_UPSTREAM_POLICY,
      },
    )
    expect(result).toEqual({ ok: false, failure: 'invalid' })
    expect(calls).toHaveLength(1)
  })

  it('sends nothing more once the client has gone', async () => {
    const client = new AbortController()
    const { fetch, calls } = scriptedFetch([json({}, 503), ok()])
    const result = await postUpstream(
      ['http://127.0.0.1:1/a'],
      {},
      {
        fetch,
        policy: SPEC_UPSTREAM_POLICY,
        signal: client.signal,
        sleep: async () => client.abort(),
      },
    )
    expect(result).toEqual({ ok: false, failure: 'unavailable' })
    expect(calls).toHaveLength(1)
  })

  it('POSTs the payload as JSON and nothing of the client', async () => {
    let seen: RequestInit | undefined
    const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
      seen = init
      return json({ jsonrpc: '2.0', id: 0, result: null })
    }) as typeof globalThis.fetch
    await postUpstream(
      ['http://127.0.0.1:1/a'],
      { jsonrpc: '2.0', id: 0, method: 'eth_chainId' },
      {
        fetch,
        policy: SPEC_UPSTREAM_POLICY,
      },
    )
    expect(seen?.method).toBe('POST')
    expect(seen?.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
    })
    expect(JSON.parse(String(seen?.body))).toEqual({ jsonrpc: '2.0', id: 0, method: 'eth_chainId' })
  })
})
