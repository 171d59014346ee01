import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, TimeoutError } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { toEvmLatchError } from './errors.js'
import { createEvmTransport } from './transport.js'

// A local JSON-RPC server whose answers each test scripts: a status, or a JSON-RPC body.
type Reply = number | { status: number; json: object } | 'hang'
let replies: Reply[] = []
let hits: number[] = []
let server: Server
let url: string

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(performance.now())
    request.resume()
    const reply = replies.shift() ?? 200
    if (reply === 'hang') return // never answers: the client's timeout must end it
    if (typeof reply === 'object') {
      response.writeHead(reply.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(reply.json))
    } else if (reply === 200) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 0, result: '0x539' }))
    } else {
      response.writeHead(reply, { 'content-type': 'text/plain' })
      response.end('no')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  replies = []
  hits = []
})

const chainId = (options: Parameters<typeof createEvmTransport>[1] = {}) =>
  createEvmTransport(url, options)({}).request({ method: 'eth_chainId' })
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )
const gaps = () => hits.slice(1).map((time, i) => time - (hits[i] ?? 0))

describe('HTTP transport against a local server', () => {
  it('answers 503 twice then 200: resolves after waits of about 150 and 300 ms', async () => {
    replies = [503, 503, 200]
    await expect(chainId()).resolves.toBe('0x539')
    expect(hits).toHaveLength(3)
    const [first, second] = gaps()
    expect(first).toBeGreaterThanOrEqual(145)
    expect(first).toBeLessThan(400)
    expect(second).toBeGreaterThanOrEqual(295)
    expect(second).toBeLessThan(550)
  })

  it('gives up after 3 retries (about 150, 300, 600 ms) with the status in the error', async () => {
    replies = [503, 503, 503, 503, 200]
    const started = performance.now()
    const error = await failure(chainId())
    expect(hits).toHaveLength(4)
    expect(performance.now() - started).toBeGreaterThanOrEqual(1040)
    expect(gaps()[2]).toBeGreaterThanOrEqual(595)
    expect(toEvmLatchError(error).message).toBe('HTTP status code: 503')
  })

  it.each([403, 408, 413, 429, 500, 502, 503, 504])('retries %i', async (status) => {
    replies = [status, 200]
    await expect(chainId({ retryDelay: 1 })).resolves.toBe('0x539')
    expect(hits).toHaveLength(2)
  })

  it.each([400, 401, 404, 405, 501])('does not retry %i', async (status) => {
    replies = [status, 200]
    const error = await failure(chainId({ retryDelay: 1 }))
    expect(hits).toHaveLength(1)
    expect(toEvmLatchError(error).message).toBe(`HTTP status code: ${status}`)
  })

  it('retries a JSON-RPC error sent with 503, but not a method the node lacks', async () => {
    const busy = { jsonrpc: '2.0', id: 0, error: { code: -32000, message: 'busy' } }
    replies = [{ status: 503, json: busy }, 200]
    await expect(chainId({ retryDelay: 1 })).resolves.toBe('0x539')
    hits = []
    const missing = { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'no such method' } }
    replies = [{ status: 403, json: missing }, 200]
    await failure(chainId({ retryDelay: 1 }))
    expect(hits).toHaveLength(1)
  })

  it('does not retry a JSON-RPC -32603 sent with HTTP 200', async () => {
    const internal = { jsonrpc: '2.0', id: 0, error: { code: -32603, message: 'reverted' } }
    replies = [{ status: 200, json: internal }, 200]
    const error = await failure(chainId({ retryDelay: 1 }))
    expect(hits).toHaveLength(1)
    expect(toEvmLatchError(error).code).toBe('UNKNOWN_ERROR')
  })

  it('ends a silent server with a timeout, not retried', async () => {
    replies = ['hang', 200]
    const error = await failure(chainId({ timeout: 100, retryDelay: 1 }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(hits).toHaveLength(1)
  })

  it('does not retry a refused connection', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    let attempts = 0
    const fetchFn: typeof fetch = (input, init) => {
      attempts++
      return fetch(input, init)
    }
    const transport = createEvmTransport(`http://127.0.0.1:${port}`, { fetchFn, retryDelay: 1 })
    const error = await failure(transport({}).request({ method: 'eth_chainId' }))
    expect(attempts).toBe(1)
    expect(toEvmLatchError(error).code).toBe('UNKNOWN_ERROR')
  })

  it('works as the transport of a viem public client', async () => {
    replies = [429, 200]
    const client = createPublicClient({ transport: createEvmTransport(url, { retryDelay: 1 }) })
    await expect(client.getChainId()).resolves.toBe(1337)
    expect(hits).toHaveLength(2)
  })
})
