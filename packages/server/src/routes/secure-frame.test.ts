import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerConfig } from '../config/schema.js'
import { createServer, type LatchServer } from '../server.js'
import { authTestConfig } from '../../test/auth-harness.js'
import { FRAME_ORIGIN } from '../../test/auth-client.js'
import { frameCsp } from './secure-frame.js'

// The secure frame as the server serves it: the page with the project's configuration and its
// frame-ancestors CSP, the assets, and the frame-only RPC route.

const PAGE = `<!doctype html><script type="application/json" id="latch-frame-config">{}</script><script type="module" src="./assets/app.js"></script>`

let dist: string
let server: LatchServer
let config: ServerConfig
let upstreamCalls: string[]

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'latch-frame-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, 'index.html'), PAGE)
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log(1)')
  const base = authTestConfig({ smtp: { host: '127.0.0.1', port: 2525 } })
  config = {
    ...base,
    projects: [
      { ...base.projects[0]!, allowedOrigins: ['https://app.example.com', 'http://127.0.0.1:*'] },
    ],
    chains: [{ caipNetworkId: 'eip155:31337', rpcUrls: ['http://127.0.0.1:9/upstream'] }],
    secureFrame: { distDir: dist },
  }
  upstreamCalls = []
  server = await createServer(config, {
    mode: 'development',
    seed: false,
    indexer: false,
    fetch: async (_input, init) => {
      const body = String(init?.body)
      upstreamCalls.push(body)
      const { id } = JSON.parse(body) as { id: unknown }
      return Response.json({ jsonrpc: '2.0', id, result: '0x7a69' })
    },
  })
})

afterAll(async () => {
  await server?.close()
  await rm(dist, { recursive: true, force: true })
})

const projectId = () => config.projects[0]!.id
const get = (path: string) => server.fetch(new Request(`${FRAME_ORIGIN}${path}`))

describe('the secure frame’s page', () => {
  it('carries the project’s configuration and a frame-ancestors CSP of its origins and, in development mode, the defaults', async () => {
    const response = await get(`/secure-frame/?projectId=${projectId()}&chainId=31337`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(
      'frame-ancestors https://app.example.com http://127.0.0.1:* http://localhost:* https://*.pages.dev https://*.vercel.app https://*.ngrok-free.app',
    )
    expect(csp).toContain("script-src 'self'")
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    const json = /id="latch-frame-config">([^<]*)</.exec(html)?.[1] ?? ''
    expect(JSON.parse(json)).toEqual({
      apiUrl: FRAME_ORIGIN,
      rpcUrl: `${FRAME_ORIGIN}/secure-frame/rpc`,
      projectId: projectId(),
      allowedAncestors: [
        'https://app.example.com',
        'http://127.0.0.1:*',
        'http://localhost:*',
        'https://*.pages.dev',
        'https://*.vercel.app',
        'https://*.ngrok-free.app',
      ],
      chains: [{ id: 31337, name: 'Chain 31337' }],
    })
  })

  it('writes a claimed parent origin only as an exact origin its ancestors allow', () => {
    expect(frameCsp(['https://a.com', 'http://127.0.0.1:*'], 'http://127.0.0.1:5173')).toMatch(
      /frame-ancestors https:\/\/a\.com http:\/\/127\.0\.0\.1:\* http:\/\/127\.0\.0\.1:5173$/,
    )
    for (const claimed of [
      'https://evil.example',
      'https://*.com',
      "https://x.com 'unsafe-inline'",
    ])
      expect(frameCsp(['https://a.com'], claimed)).toMatch(/frame-ancestors https:\/\/a\.com$/)
    expect(frameCsp([], undefined)).toMatch(/frame-ancestors 'none'$/)
    expect(frameCsp([], 'https://evil.example')).toMatch(/frame-ancestors 'none'$/)
  })

  it('refuses an unknown project, and serves only the assets folder', async () => {
    expect((await get('/secure-frame/?projectId=nope')).status).toBe(403)
    const asset = await get('/secure-frame/assets/app.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect((await get('/secure-frame/assets/..%2Findex.html')).status).toBe(404)
    expect((await get('/secure-frame/assets/missing.js')).status).toBe(404)
    expect((await get('/secure-frame/assets/app.exe')).status).toBe(404)
  })
})

describe('the frame’s RPC route', () => {
  const rpc = (origin: string | null) =>
    server.fetch(
      new Request(
        `${FRAME_ORIGIN}/secure-frame/rpc?projectId=${projectId()}&chainId=eip155:31337`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        },
      ),
    )

  it('forwards the frame’s reads to the chain through the proxy', async () => {
    const response = await rpc(FRAME_ORIGIN)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ result: '0x7a69' })
    expect(upstreamCalls.some((body) => body.includes('eth_chainId'))).toBe(true)
  })

  it('refuses a host page, even one the project allows', async () => {
    expect((await rpc('https://app.example.com')).status).toBe(403)
  })
})
