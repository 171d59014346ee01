import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isAllowedFrameAncestor } from '@latch/core/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerConfig } from '../config/schema.js'
import { openDatabase } from '../db/database.js'
import { createServer, type LatchServer } from '../server.js'
import { authTestConfig } from '../../test/auth-harness.js'
import { FRAME_ORIGIN } from '../../test/auth-client.js'
import { pgliteTemplate } from '../../test/harness.js'

// Findings 3 and 4 of the security review: who may embed the frame is the project's own list.
// The development ancestors (SPEC's localhost, pages.dev, vercel.app, ngrok-free.app) are added
// in development mode only, and the `parentOrigin` a host puts in the frame's URL reaches the CSP
// only as an exact origin that list already allows.

const PAGE = `<!doctype html><script type="application/json" id="latch-frame-config">{}</script>`
const PROJECT_ORIGINS = ['https://app.example.com', 'http://127.0.0.1:*']
const DEVELOPMENT = [
  'http://localhost:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
]
/** Hosts anyone can deploy for any project, and a local page of another project. */
const FOREIGN_HOSTS = [
  'https://phish.vercel.app',
  'https://phish.pages.dev',
  'https://phish.ngrok-free.app',
  'http://localhost:5173',
]
/** Secrets a production server accepts: random, from the environment. */
const GOOD_ENV = {
  LATCH_AUTH_SECRET: randomBytes(32).toString('base64url'),
  LATCH_CUSTODY_KEY: randomBytes(32).toString('base64url'),
}

let dist: string
const servers: LatchServer[] = []

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'latch-ancestors-'))
  await writeFile(join(dist, 'index.html'), PAGE)
})
afterAll(async () => {
  for (const server of servers) await server.close()
  await rm(dist, { recursive: true, force: true })
})

/** The configuration every server here runs: one project, its secret never in the file. */
function configWith(secureFrame: ServerConfig['secureFrame'] = {}): ServerConfig {
  const base = authTestConfig({ smtp: { host: '127.0.0.1', port: 2525 } }, { secret: undefined })
  return {
    ...base,
    projects: [{ ...base.projects[0]!, allowedOrigins: PROJECT_ORIGINS }],
    secureFrame: { distDir: dist, ...secureFrame },
  }
}

async function serverIn(
  mode: 'production' | 'development' | undefined,
  config = configWith(),
): Promise<LatchServer> {
  const server = await createServer(config, {
    database: await openDatabase({ template: await pgliteTemplate() }),
    seed: false,
    indexer: false,
    env: GOOD_ENV,
    ...(mode ? { mode } : {}),
  })
  servers.push(server)
  return server
}

/** The frame page for the server's project, and what the browser and the frame read from it. */
async function framePage(server: LatchServer, config: ServerConfig, query = '') {
  const projectId = config.projects[0]!.id
  const response = await server.fetch(
    new Request(`${FRAME_ORIGIN}/secure-frame/?projectId=${projectId}${query}`),
  )
  expect(response.status).toBe(200)
  const csp = response.headers.get('content-security-policy') ?? ''
  const directives = csp.split('; ')
  const ancestors = directives.find((directive) => directive.startsWith('frame-ancestors '))
  const json = /id="latch-frame-config">([^<]*)</.exec(await response.text())?.[1] ?? '{}'
  const frameConfig: { allowedAncestors?: string[] } = JSON.parse(json)
  return {
    directives,
    /** The CSP's frame-ancestors sources, as the browser enforces them. */
    cspAncestors: ancestors?.slice('frame-ancestors '.length).split(' ') ?? [],
    /** What the frame checks its parent against (apps/secure-frame's main.ts). */
    allowedAncestors: frameConfig.allowedAncestors ?? [],
  }
}

describe('the frame’s ancestors in production mode', () => {
  it('are the project’s own: no default wildcard in the CSP, none accepted by the frame’s check', async () => {
    const config = configWith()
    const page = await framePage(await serverIn('production', config), config)
    expect(page.cspAncestors).toEqual(PROJECT_ORIGINS)
    expect(page.allowedAncestors).toEqual(PROJECT_ORIGINS)
    for (const host of FOREIGN_HOSTS) {
      expect(isAllowedFrameAncestor(host, page.allowedAncestors)).toBe(false)
    }
    expect(isAllowedFrameAncestor('https://app.example.com', page.allowedAncestors)).toBe(true)
  })

  it('ignore development ancestors the configuration names', async () => {
    const config = configWith({ developmentAncestors: ['https://*.vercel.app'] })
    const page = await framePage(await serverIn('production', config), config)
    expect(page.cspAncestors).toEqual(PROJECT_ORIGINS)
    expect(page.allowedAncestors).toEqual(PROJECT_ORIGINS)
  })
})

describe('the frame’s ancestors in development mode', () => {
  it('add the development ancestors, named in the frame’s configuration', async () => {
    const config = configWith()
    const page = await framePage(await serverIn('development', config), config)
    expect(page.cspAncestors).toEqual([...PROJECT_ORIGINS, ...DEVELOPMENT])
    expect(page.allowedAncestors).toEqual([...PROJECT_ORIGINS, ...DEVELOPMENT])
    for (const host of FOREIGN_HOSTS) {
      expect(isAllowedFrameAncestor(host, page.allowedAncestors)).toBe(true)
    }
  })

  it('are the configuration’s `secureFrame.developmentAncestors` when it names them', async () => {
    const config = configWith({ developmentAncestors: ['https://*.preview.example'] })
    const page = await framePage(await serverIn('development', config), config)
    expect(page.cspAncestors).toEqual([...PROJECT_ORIGINS, 'https://*.preview.example'])
  })

  it('is the mode of a server whose public URL is a loopback one, unless told', async () => {
    const config = configWith()
    expect(config.auth?.publicUrl).toBe(FRAME_ORIGIN)
    const page = await framePage(await serverIn(undefined, config), config)
    expect(page.cspAncestors).toEqual([...PROJECT_ORIGINS, ...DEVELOPMENT])
  })
})

describe('the `parentOrigin` a host claims', () => {
  let server: LatchServer
  let config: ServerConfig
  /** The CSP's ancestors without a claim: what no claim may widen. */
  let unclaimed: string[]
  beforeAll(async () => {
    config = configWith()
    server = await serverIn('production', config)
    unclaimed = (await framePage(server, config)).cspAncestors
  })
  const claimed = (origin: string) =>
    framePage(server, config, `&parentOrigin=${encodeURIComponent(origin)}`)

  it('never brings a wildcard into the CSP', async () => {
    for (const origin of ['https://*.com', 'https://*.example.com', 'http://127.0.0.1:*']) {
      expect((await claimed(origin)).cspAncestors).toEqual(unclaimed)
    }
  })

  it('never brings an origin the project does not allow, exact as it is', async () => {
    for (const origin of ['https://evil.example', 'https://phish.vercel.app', 'http://localhost']) {
      expect((await claimed(origin)).cspAncestors).toEqual(unclaimed)
    }
  })

  it('never injects a source or a directive (space, semicolon, quote, comma, path)', async () => {
    for (const origin of [
      "https://app.example.com 'unsafe-inline'",
      'https://app.example.com;script-src *',
      'https://x;sandbox.app.example.com',
      'https://app.example.com,https://evil.example',
      'https://app.example.com/',
    ]) {
      const page = await claimed(origin)
      expect(page.cspAncestors).toEqual(unclaimed)
      expect(page.directives).toHaveLength(8)
    }
  })

  it('is written as itself when it is an exact origin the project’s patterns allow', async () => {
    expect(unclaimed).toEqual(PROJECT_ORIGINS)
    const page = await claimed('http://127.0.0.1:5173')
    expect(page.cspAncestors).toEqual([...PROJECT_ORIGINS, 'http://127.0.0.1:5173'])
    expect((await claimed('https://app.example.com')).cspAncestors).toEqual(PROJECT_ORIGINS)
  })
})
