import { apiErrorSchema, errorMessages, serverRpcUrl, supportedChainsSchema } from '@latch/core/api'
import { startDevnet, type Devnet } from '@latch/devnet'
import { createPublicClient, http, MethodNotFoundRpcError } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnEachDatabase, get, post, TEST_ORIGIN, testConfig } from '../../test/harness.js'
import type { ServerConfigInput } from '../config/schema.js'
import { RPC_ERROR } from '../rpc/json-rpc.js'
import { startServer } from '../server.js'

const CHAIN = 'eip155:31337'
const OTHER_CHAIN = 'eip155:31338'
const ACCOUNT = '0x00000000000000000000000000000000000000aa'

let devnet: Devnet
let anvilUrl: string
beforeAll(async () => {
  // One anvil for the file (chain 31337); free ports whatever the environment pins.
  devnet = await startDevnet({ chains: [{ chainId: 31337 }], env: {} })
  anvilUrl = devnet.chains[0]!.rpcUrl
})
afterAll(() => devnet?.stop())

/** Calls anvil itself, not through the proxy. */
async function anvil(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(anvilUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

/** A `fetch` for the server's upstream calls that records every body it sends. */
function countingFetch() {
  const sent: unknown[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.push(JSON.parse(String(init?.body)))
    return globalThis.fetch(input, init)
  }
  return {
    fetch,
    sent,
    methods: () => sent.flat().map((call) => (call as { method: string }).method),
  }
}

/** A config with one project and the devnet's chain. */
function devnetConfig(
  project: Partial<ServerConfigInput['projects'][number]> = {},
  overrides: Partial<Omit<ServerConfigInput, 'projects'>> = {},
) {
  return testConfig(project, {
    chains: [{ caipNetworkId: CHAIN, rpcUrls: [anvilUrl] }],
    ...overrides,
  })
}

const rpcPath = (projectId: string, chainId = CHAIN) =>
  `/v1/?chainId=${encodeURIComponent(chainId)}&projectId=${projectId}`
const call = (id: number | string, method: string, params?: unknown[]) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
})

describeOnEachDatabase('the chain RPC routes on anvil', (suite) => {
  it('lists the configured chains as supported, over HTTP only', async () => {
    const config = devnetConfig(
      {},
      {
        chains: [
          { caipNetworkId: CHAIN, rpcUrls: [anvilUrl] },
          { caipNetworkId: OTHER_CHAIN, rpcUrls: ['http://127.0.0.1:1/', 'http://127.0.0.1:2/'] },
        ],
      },
    )
    const server = await suite.server(config)
    const response = await get(server, `/v1/supported-chains?projectId=${config.projects[0]!.id}`)
    expect(response.status).toBe(200)
    expect(supportedChainsSchema.parse(await response.json())).toEqual({
      http: [CHAIN, OTHER_CHAIN],
      ws: [],
    })
    const unknown = await get(server, '/v1/supported-chains?projectId=nobody')
    expect(unknown.status).toBe(403)
  })

  it('proxies eth_blockNumber and eth_chainId to anvil', async () => {
    const config = devnetConfig()
    const server = await suite.server(config)
    const path = rpcPath(config.projects[0]!.id)
    const chainId = await post(server, path, call(1, 'eth_chainId'))
    expect(chainId.status).toBe(200)
    expect(await chainId.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    const blockNumber = await post(server, path, call('b', 'eth_blockNumber'))
    expect(await blockNumber.json()).toEqual({
      jsonrpc: '2.0',
      id: 'b',
      result: await anvil('eth_blockNumber'),
    })
    // The same endpoint without the trailing slash `serverRpcUrl` writes.
    const bare = await post(server, path.replace('/v1/?', '/v1?'), call(3, 'eth_chainId'))
    expect(await bare.json()).toEqual({ jsonrpc: '2.0', id: 3, result: '0x7a69' })
  })

  it('answers a disallowed method in its batch slot and never sends it to anvil', async () => {
    const upstream = countingFetch()
    const config = devnetConfig()
    const server = await suite.server(config, { fetch: upstream.fetch })
    const before = await anvil('eth_getBalance', [ACCOUNT, 'latest'])
    const response = await post(server, rpcPath(config.projects[0]!.id), [
      call(1, 'anvil_setBalance', [ACCOUNT, '0x1000']),
      call(2, 'eth_getBalance', [ACCOUNT, 'latest']),
      call(3, 'eth_sendTransaction', [{ from: ACCOUNT, to: ACCOUNT }]),
    ])
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: RPC_ERROR.methodNotAllowed,
          message: errorMessages.RPC_METHOD_NOT_ALLOWED,
          data: { method: 'anvil_setBalance' },
        },
      },
      { jsonrpc: '2.0', id: 2, result: before },
      {
        jsonrpc: '2.0',
        id: 3,
        error: {
          code: RPC_ERROR.methodNotAllowed,
          message: 'Requested RPC call is not allowed',
          data: { method: 'eth_sendTransaction' },
        },
      },
    ])
    expect(upstream.methods()).toEqual(['eth_getBalance'])
    expect(await anvil('eth_getBalance', [ACCOUNT, 'latest'])).toBe(before)
  })

  it("takes the config's rpc.allowedMethods instead of the default list", async () => {
    const upstream = countingFetch()
    const config = devnetConfig({}, { rpc: { allowedMethods: ['eth_chainId'] } })
    const server = await suite.server(config, { fetch: upstream.fetch })
    const path = rpcPath(config.projects[0]!.id)
    expect(await (await post(server, path, call(1, 'eth_chainId'))).json()).toMatchObject({
      result: '0x7a69',
    })
    const refused = await post(server, path, call(2, 'eth_blockNumber'))
    expect(refused.status).toBe(200)
    expect(await refused.json()).toMatchObject({
      id: 2,
      error: { message: 'Requested RPC call is not allowed' },
    })
    expect(upstream.methods()).toEqual(['eth_chainId'])
  })

  it('holds the project rate limit across two instances on one database, each request counted', async () => {
    const upstream = countingFetch()
    // A fixed clock: the window cannot roll over mid-test. 20 s into a 60 s window.
    const now = () => 1_800_000_020_000
    const config = devnetConfig({ rpcRateLimit: { requests: 4, windowSeconds: 60 } })
    const first = await suite.server(config, { fetch: upstream.fetch, now })
    const second = await suite.server(config, { fetch: upstream.fetch, now })
    const path = rpcPath(config.projects[0]!.id)
    expect((await post(first, path, call(1, 'eth_chainId'))).status).toBe(200)
    expect((await post(second, path, call(2, 'eth_chainId'))).status).toBe(200)
    // A batch of two spends the last two requests of the window.
    expect((await post(first, path, [call(3, 'eth_chainId'), call(4, 'eth_chainId')])).status).toBe(
      200,
    )
    const limited = await post(second, path, [call(5, 'eth_chainId'), call(6, 'eth_blockNumber')])
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('40')
    expect(await limited.json()).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        error: { code: RPC_ERROR.limitExceeded, message: 'Rate limit exceeded for this project' },
      },
      {
        jsonrpc: '2.0',
        id: 6,
        error: { code: RPC_ERROR.limitExceeded, message: 'Rate limit exceeded for this project' },
      },
    ])
    expect((await post(first, path, call(7, 'eth_chainId'))).status).toBe(429)
    expect(upstream.sent).toHaveLength(3)
    // Another project has its own budget.
    const other = devnetConfig({ rpcRateLimit: { requests: 4, windowSeconds: 60 } })
    const third = await suite.server(other, { fetch: upstream.fetch, now })
    expect((await post(third, rpcPath(other.projects[0]!.id), call(8, 'eth_chainId'))).status).toBe(
      200,
    )
  })

  it("answers an allowed origin's preflight and its JSON POST with a CORS grant", async () => {
    const config = devnetConfig()
    const server = await suite.server(config)
    const path = rpcPath(config.projects[0]!.id)
    const preflight = await server.fetch(
      new Request(`http://latch.test${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: TEST_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/)
    const response = await post(server, path, call(1, 'eth_chainId'))
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
  })

  it('refuses a forbidden origin with 403 and only the refusal readable, sending nothing upstream', async () => {
    const upstream = countingFetch()
    const config = devnetConfig()
    const server = await suite.server(config, { fetch: upstream.fetch })
    const response = await post(server, rpcPath(config.projects[0]!.id), call(1, 'eth_chainId'), {
      origin: 'https://evil.example',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: 'Invalid App Configuration: origin not allowed for this project',
    })
    expect(upstream.sent).toEqual([])
  })

  it('answers bad queries and bodies with 400, 413 and their errors, never reaching anvil', async () => {
    const upstream = countingFetch()
    const config = devnetConfig()
    const server = await suite.server(config, { fetch: upstream.fetch })
    const id = config.projects[0]!.id
    const missing = await post(server, `/v1/?projectId=${id}`, call(1, 'eth_chainId'))
    expect(missing.status).toBe(400)
    expect(apiErrorSchema.parse(await missing.json()).issues?.[0]?.path).toEqual(['chainId'])
    const unserved = await post(server, rpcPath(id, OTHER_CHAIN), call(1, 'eth_chainId'))
    expect(unserved.status).toBe(400)
    expect(apiErrorSchema.parse(await unserved.json())).toEqual({
      error: 'Chain is not supported',
      issues: [{ path: ['chainId'], message: `This server has no RPC for ${OTHER_CHAIN}` }],
    })
    const path = rpcPath(id)
    const notJson = await post(server, path, '{"jsonrpc":')
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: RPC_ERROR.parse, message: 'Parse error' },
    })
    for (const body of [[], Array.from({ length: 101 }, (_, n) => call(n, 'eth_chainId')), 42]) {
      const refused = await post(server, path, body)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({
        id: null,
        error: { code: RPC_ERROR.invalidRequest },
      })
    }
    const lone = await post(server, path, { jsonrpc: '2.0', id: 9, method: 'eth chainId' })
    expect(lone.status).toBe(400)
    expect(await lone.json()).toMatchObject({ id: 9, error: { code: RPC_ERROR.invalidRequest } })
    const huge = await post(server, path, call(1, 'eth_call', ['0x'.padEnd(3 * 1024 * 1024, 'a')]))
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({ error: { code: RPC_ERROR.invalidRequest } })
    expect(upstream.sent).toEqual([])
  })

  it("serves viem's http transport: getBlockNumber through the proxy", async () => {
    const config = devnetConfig()
    const running = await startServer(config, { database: suite.database(), seed: false })
    try {
      const url = serverRpcUrl(running.url, CHAIN, config.projects[0]!.id)
      const client = createPublicClient({ transport: http(url, { retryCount: 0 }) })
      expect(await client.getBlockNumber()).toBe(BigInt((await anvil('eth_blockNumber')) as string))
      expect(await client.getChainId()).toBe(31337)
      // The raw EIP-1193 request: a public client's types (rightly) have no eth_accounts.
      const request = client.request as (args: { method: string }) => Promise<unknown>
      const refused = await request({ method: 'eth_accounts' }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(MethodNotFoundRpcError)
      expect(String((refused as Error).message)).toContain('Requested RPC call is not allowed')
    } finally {
      await running.close()
    }
  })
})
