import { defineNetwork } from '@latch/core'
import {
  HttpRequestError,
  InternalRpcError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toEvmLatchError } from './errors.js'
import {
  createEvmTransport,
  isRetriedRpcError,
  RETRIED_HTTP_STATUSES,
  retryDelayFor,
  RPC_RETRY_COUNT,
  RPC_RETRY_DELAY_MS,
  RPC_TIMEOUT_MS,
  rpcUrlFor,
} from './transport.js'

const url = 'http://127.0.0.1:1/rpc'
const httpError = (status: number) => new HttpRequestError({ url, status, body: {} })

afterEach(() => {
  vi.useRealTimers()
})

describe('SPEC §9 library defaults', () => {
  it('times out after 10 000 ms and retries 3 times from 150 ms, doubling', () => {
    expect(RPC_TIMEOUT_MS).toBe(10_000)
    expect(RPC_RETRY_COUNT).toBe(3)
    expect(RPC_RETRY_DELAY_MS).toBe(150)
    expect([0, 1, 2].map((attempt) => retryDelayFor(attempt))).toEqual([150, 300, 600])
  })

  it('reports them in the transport config', () => {
    const { config } = createEvmTransport(url)({})
    expect(config).toMatchObject({ type: 'http', retryCount: 3, retryDelay: 150, timeout: 10_000 })
  })
})

describe('retry policy (SPEC §7)', () => {
  it('retries exactly 403, 408, 413, 429, 500, 502, 503 and 504', () => {
    expect([...RETRIED_HTTP_STATUSES]).toEqual([403, 408, 413, 429, 500, 502, 503, 504])
    const retried = Array.from({ length: 500 }, (_, i) => 100 + i).filter((status) =>
      isRetriedRpcError(httpError(status)),
    )
    expect(retried).toEqual([403, 408, 413, 429, 500, 502, 503, 504])
  })

  it('retries a JSON-RPC error from a listed status, found through the cause chain', () => {
    const rpc = new RpcRequestError({
      body: {},
      error: { code: -32000, message: 'x' },
      url,
      status: 503,
    })
    expect(isRetriedRpcError(new InternalRpcError(rpc))).toBe(true)
  })

  it('does not retry a method the node does not serve, whatever the status', () => {
    const rpc = new RpcRequestError({
      body: {},
      error: { code: -32601, message: 'x' },
      url,
      status: 403,
    })
    expect(isRetriedRpcError(new MethodNotFoundRpcError(rpc))).toBe(false)
  })

  it.each([
    ['a timeout', new TimeoutError({ body: {}, url })],
    [
      'a network error',
      new HttpRequestError({ url, body: {}, cause: new TypeError('fetch failed') }),
    ],
    ['-32603 with HTTP 200', new InternalRpcError(new Error('internal'))],
    ['-32005 with HTTP 200', new LimitExceededRpcError(new Error('limit'))],
    ['a plain error', new Error('boom')],
  ])('does not retry %s (viem would)', (_, error) => {
    expect(isRetriedRpcError(error)).toBe(false)
  })
})

describe('timing, with fake timers', () => {
  function scriptedFetch(statuses: number[]) {
    const at: number[] = []
    const fetchFn = vi.fn(async () => {
      at.push(Date.now())
      const status = statuses.shift() ?? 200
      return status === 200
        ? Response.json({ jsonrpc: '2.0', id: 0, result: '0x1' })
        : new Response('busy', { status })
    })
    return { at, fetchFn: fetchFn as unknown as typeof fetch }
  }
  const gaps = (at: number[]) => at.slice(1).map((time, i) => time - (at[i] ?? 0))

  it('waits 150, 300 and 600 ms, then fails with the last status', async () => {
    vi.useFakeTimers()
    const { at, fetchFn } = scriptedFetch([503, 503, 503, 503, 503])
    const result = createEvmTransport(url, { fetchFn })({})
      .request({ method: 'eth_chainId' })
      .catch((error: unknown) => error)
    await vi.runAllTimersAsync()
    expect(gaps(at)).toEqual([150, 300, 600])
    expect(toEvmLatchError(await result).message).toBe('HTTP status code: 503')
  })

  it('succeeds on the attempt after the failures', async () => {
    vi.useFakeTimers()
    const { at, fetchFn } = scriptedFetch([429, 502])
    const result = createEvmTransport(url, { fetchFn })({}).request({ method: 'eth_chainId' })
    await vi.runAllTimersAsync()
    await expect(result).resolves.toBe('0x1')
    expect(gaps(at)).toEqual([150, 300])
  })

  it('does not retry a call that asks for no retries (signing, raw transactions)', async () => {
    vi.useFakeTimers()
    const { at, fetchFn } = scriptedFetch([503])
    const result = createEvmTransport(url, { fetchFn })({})
      .request({ method: 'eth_sendRawTransaction', params: ['0x00'] }, { retryCount: 0 })
      .catch((error: unknown) => error)
    await vi.runAllTimersAsync()
    expect(at).toHaveLength(1)
    expect(toEvmLatchError(await result).message).toBe('HTTP status code: 503')
  })

  it('times out an attempt after 10 000 ms, and does not retry the timeout', async () => {
    vi.useFakeTimers()
    const fetchFn = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
    )
    let settled: unknown
    void createEvmTransport(url, { fetchFn: fetchFn as unknown as typeof fetch })({})
      .request({ method: 'eth_chainId' })
      .catch((error: unknown) => (settled = error))
    await vi.advanceTimersByTimeAsync(9_999)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBeInstanceOf(TimeoutError)
    await vi.runAllTimersAsync()
    expect(fetchFn).toHaveBeenCalledOnce()
  })
})

describe('rpcUrlFor (SPEC §7)', () => {
  const mainnet = defineNetwork({
    id: 1,
    chainNamespace: 'eip155',
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  })

  it("uses the network's own RPC URL when no provider RPC is configured", () => {
    expect(rpcUrlFor(mainnet)).toBe('http://127.0.0.1:8545')
    expect(rpcUrlFor(mainnet, { projectId: 'abc' })).toBe('http://127.0.0.1:8545')
  })

  it('uses /v1/ with chainId and projectId under the configured base', () => {
    const built = new URL(
      rpcUrlFor(mainnet, { projectId: 'abc', rpcBaseUrl: 'https://rpc.example.com' }),
    )
    expect(built.origin + built.pathname).toBe('https://rpc.example.com/v1/')
    expect(Object.fromEntries(built.searchParams)).toEqual({
      chainId: 'eip155:1',
      projectId: 'abc',
    })
  })

  it('keeps a base path, drops its trailing slashes, and encodes the project id', () => {
    const built = new URL(
      rpcUrlFor(mainnet, { projectId: 'a&b=c', rpcBaseUrl: 'http://127.0.0.1:9000/proxy//' }),
    )
    expect(built.pathname).toBe('/proxy/v1/')
    expect(built.searchParams.get('projectId')).toBe('a&b=c')
  })

  it('rejects a base that is not http(s)', () => {
    expect(() => rpcUrlFor(mainnet, { rpcBaseUrl: 'javascript:alert(1)' })).toThrow(TypeError)
  })
})
