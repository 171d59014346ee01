import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ServerMode } from '@latch/core/api'
import { createServer, parseServerConfig, type LatchServer } from '@latch/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { allowsParent, FRAME_CONFIG_ELEMENT_ID, frameConfigSchema } from './config.js'

// The frame's own check of its parent agrees with the server that served it (security review,
// findings 3 and 4): the ancestors in the page are the project's own in production, with the
// development ones in development only, and a parent the frame accepts is exactly one the
// server lets into the page's CSP when the host claims it.

const PUBLIC_URL = 'http://127.0.0.1:8787'
const OWN = ['https://app.example.com', 'http://127.0.0.1:*']
const PREVIEW_HOSTS = [
  'https://phish.vercel.app',
  'https://phish.pages.dev',
  'http://localhost:5173',
]
/** What hosts claim as `parentOrigin`: allowed, foreign, wildcards and injections. */
const CLAIMS = [
  'https://app.example.com',
  'http://127.0.0.1:5173',
  ...PREVIEW_HOSTS,
  'https://evil.example',
  'https://*.com',
  'https://*.vercel.app',
  'https://x;sandbox.vercel.app',
  "https://app.example.com 'unsafe-inline'",
]

const MODES: readonly ServerMode[] = ['production', 'development']

let dist: string
const servers = new Map<ServerMode, { server: LatchServer; projectId: string }>()

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'latch-frame-ancestors-'))
  await writeFile(
    join(dist, 'index.html'),
    `<!doctype html><script type="application/json" id="${FRAME_CONFIG_ELEMENT_ID}">{}</script>`,
  )
  for (const mode of MODES) {
    const projectId = `p-${randomUUID().slice(0, 12)}`
    const config = parseServerConfig({
      projects: [{ id: projectId, allowedOrigins: OWN }],
      chains: [{ caipNetworkId: 'eip155:31337', rpcUrls: ['http://127.0.0.1:9/rpc'] }],
      auth: {
        publicUrl: PUBLIC_URL,
        smtp: { host: '127.0.0.1', port: 2525, from: 'Latch <login@latch.test>' },
      },
      secureFrame: { distDir: dist },
    })
    const server = await createServer(config, {
      mode,
      seed: false,
      indexer: false,
      env: {
        LATCH_AUTH_SECRET: randomBytes(32).toString('base64url'),
        LATCH_CUSTODY_KEY: randomBytes(32).toString('base64url'),
      },
    })
    servers.set(mode, { server, projectId })
  }
})
afterAll(async () => {
  for (const { server } of servers.values()) await server.close()
  await rm(dist, { recursive: true, force: true })
})

/** The frame page a host gets: its CSP's ancestors, and the configuration the frame reads. */
async function page(mode: ServerMode, claimed?: string) {
  const running = servers.get(mode)
  if (!running) throw new Error(`no ${mode} server`)
  const { server, projectId } = running
  const query = claimed === undefined ? '' : `&parentOrigin=${encodeURIComponent(claimed)}`
  const response = await server.fetch(
    new Request(`${PUBLIC_URL}/secure-frame/?projectId=${projectId}${query}`),
  )
  const csp = response.headers.get('content-security-policy') ?? ''
  const sources = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? []
  const json = new RegExp(`id="${FRAME_CONFIG_ELEMENT_ID}">([^<]*)<`).exec(await response.text())
  return { sources, config: z.parse(frameConfigSchema, JSON.parse(json?.[1] ?? '{}')) }
}

describe('the frame’s check of its parent', () => {
  it('in production, accepts the project’s own origins only', async () => {
    const { config, sources } = await page('production')
    expect(config.allowedAncestors).toEqual(OWN)
    expect(sources).toEqual(OWN)
    const accepts = allowsParent(config)
    for (const host of PREVIEW_HOSTS) expect(accepts(host)).toBe(false)
    expect(accepts('https://app.example.com')).toBe(true)
  })

  it('in development, accepts the development ancestors too', async () => {
    const { config } = await page('development')
    const accepts = allowsParent(config)
    for (const host of PREVIEW_HOSTS) expect(accepts(host)).toBe(true)
  })

  it('accepts a claimed parent exactly when the server writes it into the CSP', async () => {
    for (const mode of MODES) {
      const unclaimed = (await page(mode)).sources
      for (const claimed of CLAIMS) {
        const { config, sources } = await page(mode, claimed)
        if (allowsParent(config)(claimed)) expect(sources).toContain(claimed)
        else expect(sources).toEqual(unclaimed)
      }
    }
  })
})
