import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiErrorSchema, jsonRpcResponseSchema } from '@latch/core/api'
import fc from 'fast-check'
import { expect, it, onTestFinished } from 'vitest'
import { describeOnEachDatabase, post, testConfig } from '../../test/harness.js'
import type { LatchServer } from '../server.js'
import { RPC_ERROR } from './json-rpc.js'

/** What the fake upstream answers to one POST: a status and a JSON value or raw text. */
type FakeAnswer = { status?: number; json?: unknown; text?: string }

/**
 * A JSON-RPC upstream on 127.0.0.1 that answers from `answer` and records every body it gets.
 * Closed when the test ends.
 */
async function fakeUpstream(answer: (body: unknown, call: number) => FakeAnswer) {
  const received: unknown[] = []
  const server = createHttpServer((request, response) => {
    void readAll(request).then((text) => {
      const body = JSON.parse(text) as unknown
      received.push(body)
      const { status = 200, json, text: raw } = answer(body, received.length)
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(raw ?? JSON.stringify(json ?? {}))
    })
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  onTestFinished(() => new Promise<void>((closed) => server.close(() => closed())))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/rpc`, received }
}

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** A URL on 127.0.0.1 where nothing listens any more: connecting fails at once. */
async function closedPortUrl(): Promise<string> {
  const server = createHttpServer()
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((closed) => server.close(() => closed()))
  return `http://127.0.0.1:${port}/`
}

type Call = { id: number; method: string; params?: unknown }

/** Answers every request of a body (one or a batch) with its method name as the result. */
function echo(body: unknown): FakeAnswer {
  const answerOne = (request: Call) => ({ jsonrpc: '2.0', id: request.id, result: request.method })
  return { json: Array.isArray(body) ? (body as Call[]).map(answerOne) : answerOne(body as Call) }
}

const CHAIN = 'eip155:31337'
const request = (id: unknown, method = 'eth_blockNumber') => ({ jsonrpc: '2.0', id, method })

describeOnEachDatabase('the RPC proxy against a fake upstream', (suite) => {
  /** A server whose one chain has these upstream URLs, retrying after 1 ms instead of 150. */
  async function proxyTo(urls: string[]) {
    const config = testConfig(
      {},
      { chains: [{ caipNetworkId: CHAIN, rpcUrls: urls }], rpc: { upstreamRetryDelayMs: 1 } },
    )
    const server = await suite.server(config)
    const path = `/v1/?chainId=${encodeURIComponent(CHAIN)}&projectId=${config.projects[0]!.id}`
    return { server, call: (body: unknown) => post(server, path, body) }
  }

  it('retries a 503 and answers with the success that follows', async () => {
    const upstream = await fakeUpstream((body, call) => (call <= 2 ? { status: 503 } : echo(body)))
    const { call } = await proxyTo([upstream.url])
    const response = await call(request(7))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: 'eth_blockNumber' })
    expect(upstream.received).toHaveLength(3)
  })

  it('never retries a 400: a JSON-RPC error passes through, anything else is a 502', async () => {
    const refusal = { code: -32602, message: 'invalid argument 0' }
    const judged = await fakeUpstream((body) => ({
      status: 400,
      json: { jsonrpc: '2.0', id: (body as Call).id, error: refusal },
    }))
    const first = await proxyTo([judged.url])
    const answered = await first.call(request('a'))
    expect(answered.status).toBe(200)
    expect(await answered.json()).toEqual({ jsonrpc: '2.0', id: 'a', error: refusal })
    expect(judged.received).toHaveLength(1)

    const rude = await fakeUpstream(() => ({ status: 400, text: 'Bad Request' }))
    const second = await proxyTo([rude.url])
    const failed = await second.call(request('b'))
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ id: 'b', error: { code: RPC_ERROR.internal } })
    expect(rude.received).toHaveLength(1)
  })

  it('answers 502 with one JSON-RPC error per request once every retry has failed', async () => {
    const upstream = await fakeUpstream(() => ({ status: 503 }))
    const { call } = await proxyTo([upstream.url])
    const response = await call([request(1), request('two', 'eth_chainId')])
    expect(response.status).toBe(502)
    const body = (await response.json()) as unknown[]
    expect(body).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: RPC_ERROR.unavailable, message: 'Upstream RPC unavailable' },
      },
      {
        jsonrpc: '2.0',
        id: 'two',
        error: { code: RPC_ERROR.unavailable, message: 'Upstream RPC unavailable' },
      },
    ])
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js)/)
    // One attempt and SPEC §9's three retries, the batch sent whole each time.
    expect(upstream.received).toHaveLength(4)
  })

  it('falls through to the second URL when the first is down or keeps failing', async () => {
    const failing = await fakeUpstream(() => ({ status: 502 }))
    const working = await fakeUpstream(echo)
    const { call } = await proxyTo([await closedPortUrl(), failing.url, working.url])
    const response = await call(request(1, 'eth_chainId'))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'eth_chainId' })
    expect(failing.received).toHaveLength(4)
    expect(working.received).toHaveLength(1)
  })

  it('answers an internal error when the upstream sends invalid JSON or not JSON-RPC', async () => {
    const garbled = await fakeUpstream(() => ({ text: '{"jsonrpc":"2.0","id":0,"result":' }))
    const first = await proxyTo([garbled.url])
    const invalid = await first.call(request(1))
    expect(invalid.status).toBe(502)
    expect(await invalid.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: RPC_ERROR.internal,
        message: 'Internal error: invalid answer from the upstream RPC',
      },
    })
    expect(garbled.received).toHaveLength(1)

    const strange = await fakeUpstream(() => ({ json: { hello: 'world' } }))
    const second = await proxyTo([strange.url])
    const notRpc = await second.call(request(2))
    expect(notRpc.status).toBe(502)
    expect(await notRpc.json()).toMatchObject({ id: 2, error: { code: RPC_ERROR.internal } })
  })

  it('forwards a batch as one, with its own ids, and puts the answers back in order', async () => {
    // The upstream answers in reverse order and leaves one request out.
    const upstream = await fakeUpstream((body) => {
      const answers = (echo(body).json as { id: number }[]).reverse()
      return { json: answers.filter((answer) => answer.id !== 3) }
    })
    const { call } = await proxyTo([upstream.url])
    const response = await call([
      request('same', 'eth_chainId'),
      request('same', 'eth_gasPrice'),
      { jsonrpc: '2.0', method: 'eth_blockNumber' },
      request(null, 'eth_getBalance'),
      request(5, 'eth_sendTransaction'),
      { jsonrpc: '1.0', id: 6, method: 'eth_chainId' },
    ])
    expect(response.status).toBe(200)
    const body = (await response.json()) as { id: unknown; result?: unknown; error?: unknown }[]
    expect(body.map((answer) => answer.id)).toEqual(['same', 'same', null, 5, 6])
    expect(body[0]).toEqual({ jsonrpc: '2.0', id: 'same', result: 'eth_chainId' })
    expect(body[1]).toEqual({ jsonrpc: '2.0', id: 'same', result: 'eth_gasPrice' })
    // The notification (no id) was forwarded but is not answered; the request the upstream
    // left out gets an internal error of its own, the rest their answers.
    expect(body[2]).toMatchObject({ id: null, error: { code: RPC_ERROR.internal } })
    expect(body[3]).toMatchObject({
      id: 5,
      error: { message: 'Requested RPC call is not allowed' },
    })
    expect(body[4]).toMatchObject({ id: 6, error: { code: RPC_ERROR.invalidRequest } })
    expect(upstream.received).toEqual([
      [
        { jsonrpc: '2.0', id: 0, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 1, method: 'eth_gasPrice' },
        { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 3, method: 'eth_getBalance' },
      ],
    ])
  })

  it('answers a lone notification with 204 and no body, after forwarding it', async () => {
    const upstream = await fakeUpstream(echo)
    const { call } = await proxyTo([upstream.url])
    const response = await call({ jsonrpc: '2.0', method: 'eth_blockNumber' })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(upstream.received).toHaveLength(1)
  })

  it('never answers 500 or a stack, whatever the body and the query (fuzzed)', async () => {
    const upstream = await fakeUpstream(echo)
    const config = testConfig(
      { rpcRateLimit: { requests: 1_000_000, windowSeconds: 60 } },
      { chains: [{ caipNetworkId: CHAIN, rpcUrls: [upstream.url] }] },
    )
    const server: LatchServer = await suite.server(config)
    const projectId = config.projects[0]!.id
    const method = fc.oneof(
      fc.constantFrom('eth_blockNumber', 'eth_chainId', 'eth_sendTransaction', 'anvil_mine'),
      fc.string({ maxLength: 70 }),
    )
    const entry = fc.oneof(
      fc.record(
        {
          jsonrpc: fc.oneof(fc.constant('2.0'), fc.string({ maxLength: 4 })),
          id: fc.oneof(fc.integer(), fc.string({ maxLength: 300 }), fc.constant(null)),
          method,
          params: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 2 })), fc.jsonValue({ maxDepth: 2 })),
        },
        { requiredKeys: ['method'] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    )
    const body = fc.oneof(
      entry.map((value) => JSON.stringify(value)),
      fc.array(entry, { maxLength: 110 }).map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 200 }),
    )
    const chainId = fc.oneof(fc.constantFrom(CHAIN, 'eip155:1', ''), fc.string({ maxLength: 50 }))
    // Mostly the project's id, else a stranger's or a malformed one (the gate's 403 and 400).
    const projectParam = fc.oneof(
      { weight: 4, arbitrary: fc.constant(projectId) },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    )
    await fc.assert(
      fc.asyncProperty(body, chainId, projectParam, async (text, chain, project) => {
        const path = `/v1/?chainId=${encodeURIComponent(chain)}&projectId=${encodeURIComponent(project)}`
        const response = await post(server, path, text)
        expect(response.status).not.toBe(500)
        expect([200, 204, 400, 403]).toContain(response.status)
        const raw = await response.text()
        if (response.status === 204) {
          expect(raw).toBe('')
          return
        }
        const answer = JSON.parse(raw) as unknown
        expect(raw).not.toMatch(/at .*\.(ts|js):\d+/)
        if (chain !== CHAIN || project !== projectId) {
          // The query is refused before the body is read: core's API error body.
          expect(apiErrorSchema.safeParse(answer).success).toBe(true)
          return
        }
        for (const one of Array.isArray(answer) ? answer : [answer]) {
          expect(jsonRpcResponseSchema.safeParse(one).success).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })
})
