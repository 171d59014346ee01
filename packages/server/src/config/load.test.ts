import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEVELOPMENT_FRAME_ANCESTORS } from '@latch/core/api'
import { describe, expect, it } from 'vitest'
import { loadServerConfig, parseServerConfig, ServerConfigError } from './load.js'

const project = { id: 'demo', allowedOrigins: ['https://app.example'] }

function issuesOf(value: unknown): { path: string; message: string }[] {
  try {
    parseServerConfig(value)
  } catch (error) {
    if (error instanceof ServerConfigError) return [...error.issues]
    throw error
  }
  throw new Error('the configuration was accepted')
}

describe('server configuration', () => {
  it('fills the defaults of a minimal file', () => {
    const config = parseServerConfig({ projects: [project] })
    expect(config.projects[0]).toEqual({
      ...project,
      features: [],
      analytics: false,
      rpcRateLimit: { requests: 600, windowSeconds: 60 },
      frameRpcRateLimit: { requests: 600, windowSeconds: 60 },
      trackRateLimit: { requests: 120, windowSeconds: 60 },
      siwxMessageRateLimit: { requests: 30, windowSeconds: 60 },
    })
    expect(config.directory.seed).toBe('builtin')
    expect(config.prices).toEqual({ kind: 'none' })
  })

  it('names every wrong field at once', () => {
    const issues = issuesOf({
      projects: [
        { id: 'bad id', allowedOrigins: ['https://app.example/path'] },
        { ...project, rpcRateLimit: { requests: 0, windowSeconds: 60 } },
      ],
      chains: [{ caipNetworkId: 'ethereum', rpcUrls: ['ftp://node.example'] }],
    })
    expect(issues.map((issue) => issue.path)).toEqual([
      'projects.0.id',
      'projects.0.allowedOrigins.0',
      'projects.1.rpcRateLimit.requests',
      'chains.0.caipNetworkId',
      'chains.0.rpcUrls.0',
    ])
    expect(issues[1]?.message).toMatch(/Must be an origin/)
  })

  it('refuses duplicate projects and chains, and a file without projects', () => {
    expect(
      issuesOf({
        projects: [project, project],
        chains: [
          { caipNetworkId: 'eip155:1', rpcUrls: ['https://a.example'] },
          { caipNetworkId: 'eip155:1', rpcUrls: ['https://b.example'] },
        ],
      }),
    ).toEqual([
      { path: 'projects.1.id', message: 'Duplicate project id' },
      { path: 'chains.1.caipNetworkId', message: 'Duplicate chain' },
    ])
    expect(issuesOf({}).map((issue) => issue.path)).toEqual(['projects'])
  })

  it('reads a file, and says when it is missing or not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'latch-config-'))
    const good = join(dir, 'latch.config.json')
    await writeFile(good, JSON.stringify({ projects: [project] }))
    expect((await loadServerConfig(good)).projects[0]?.id).toBe('demo')
    await expect(loadServerConfig(join(dir, 'missing.json'))).rejects.toThrow(
      /Cannot read the file/,
    )
    const broken = join(dir, 'broken.json')
    await writeFile(broken, '{ projects: ')
    await expect(loadServerConfig(broken)).rejects.toThrow(/Not JSON/)
  })

  it('accepts the example configuration shipped with the package', async () => {
    const example = new URL('../../latch.config.example.json', import.meta.url)
    await expect(loadServerConfig(example.pathname)).resolves.toMatchObject({
      projects: [{ id: 'my-project' }],
      // Email login through a local maildev (`latch-mailbox`'s default SMTP port); the secret
      // comes from LATCH_AUTH_SECRET, never from the file.
      auth: {
        publicUrl: 'http://127.0.0.1:8787',
        smtp: { host: '127.0.0.1', port: 1025, secure: false },
        rateLimits: { sendPerEmailIp: { requests: 5, windowSeconds: 600 } },
      },
    })
    expect((await loadServerConfig(example.pathname)).auth?.secret).toBeUndefined()
  })

  it('names the development ancestors in the example: SPEC’s defaults, for development mode only', async () => {
    const example = new URL('../../latch.config.example.json', import.meta.url)
    const config = await loadServerConfig(example.pathname)
    expect(config.secureFrame?.developmentAncestors).toEqual([...DEVELOPMENT_FRAME_ANCESTORS])
    expect(
      issuesOf({ projects: [project], secureFrame: { developmentAncestors: ['https://*.com;'] } }),
    ).toEqual([
      {
        path: 'secureFrame.developmentAncestors.0',
        message: 'Must be an origin pattern (scheme://[*.]host[:port|:*])',
      },
    ])
  })

  it('reads the indexer section, a chain’s changes to it, and its defaults', async () => {
    const example = new URL('../../latch.config.example.json', import.meta.url)
    const config = await loadServerConfig(example.pathname)
    expect(config.indexer).toEqual({
      enabled: false,
      pollIntervalMs: 2000,
      batchBlocks: 100,
      startBlock: 0,
      leaseSeconds: 30,
    })
    expect(config.chains[0]).toMatchObject({ indexer: { startBlock: 22000000 } })
    // A chain's section changes only what it names: no defaults of its own.
    expect(config.chains[0]?.indexer).toEqual({ startBlock: 22000000 })
    expect(parseServerConfig({ projects: [project] }).indexer.enabled).toBe(false)
    expect(() => parseServerConfig({ projects: [project], indexer: { batchBlocks: 0 } })).toThrow(
      /indexer\.batchBlocks/,
    )
  })

  it('fills the email login’s defaults, and leaves it off without an auth section', () => {
    expect(parseServerConfig({ projects: [project] }).auth).toBeUndefined()
    const smtp = { host: 'smtp.example', port: 587, from: 'Latch <no-reply@app.example>' }
    expect(
      parseServerConfig({
        projects: [project],
        auth: { publicUrl: 'https://latch.example/', smtp },
      }).auth,
    ).toEqual({
      publicUrl: 'https://latch.example',
      frameOrigins: [],
      smtp: { ...smtp, secure: false },
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      sessionMaxAgeSeconds: 7_776_000,
      deviceApproval: { ttlSeconds: 900, waitSeconds: 25, pollMs: 500 },
      rateLimits: {
        sendPerEmailIp: { requests: 5, windowSeconds: 600 },
        sendPerEmail: { requests: 30, windowSeconds: 3_600 },
        sendPerIp: { requests: 20, windowSeconds: 600 },
        verifyPerEmailIp: { requests: 10, windowSeconds: 600 },
        wrongCodesPerEmail: { requests: 10, windowSeconds: 3_600 },
        sessionPerIp: { requests: 60, windowSeconds: 600 },
      },
    })
  })

  it('refuses a public URL that would send tokens in clear, or is not an origin', () => {
    const smtp = { host: 'smtp.example', port: 587, from: 'x@app.example' }
    const auth = (publicUrl: string, extra: object = {}) => ({
      projects: [project],
      auth: { publicUrl, smtp, ...extra },
    })
    expect(issuesOf(auth('http://latch.example'))).toEqual([
      { path: 'auth.publicUrl', message: 'Must be https (http only on localhost or 127.0.0.1)' },
    ])
    expect(issuesOf(auth('https://latch.example/frame'))[0]?.message).toBe(
      'Must be an origin, without a path',
    )
    expect(parseServerConfig(auth('http://localhost:8787')).auth?.publicUrl).toBe(
      'http://localhost:8787',
    )
    expect(issuesOf(auth('https://latch.example', { secret: 'short' }))).toEqual([
      { path: 'auth.secret', message: 'Must be at least 32 characters' },
    ])
    expect(issuesOf(auth('https://latch.example', { frameOrigins: ['*'] }))[0]?.path).toBe(
      'auth.frameOrigins.0',
    )
  })
})
