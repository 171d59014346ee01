import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SOCIAL_POPUP_PATH } from '@latch/core/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../server.js'
import { authTestConfig } from '../../test/auth-harness.js'
import { FRAME_ORIGIN } from '../../test/auth-client.js'
import { SOCIAL_POPUP_CSP } from './secure-frame.js'

// The social login popup's loading page (issue 12), served next to the frame: the same page for
// every project, under a CSP of its own, and a clear 404 from a build that lacks it.

const POPUP = `<!doctype html><title>Connecting…</title><link rel="stylesheet" href="./assets/popup.css"><main><div role="status">Connecting…</div></main>`

const dirs: string[] = []
const servers: LatchServer[] = []

/** A server whose frame build holds `files`. */
async function serverWith(files: Record<string, string>): Promise<LatchServer> {
  const dist = await mkdtemp(join(tmpdir(), 'latch-popup-'))
  dirs.push(dist)
  for (const [name, text] of Object.entries(files)) await writeFile(join(dist, name), text)
  const config = authTestConfig({ smtp: { host: '127.0.0.1', port: 2525 } })
  const server = await createServer(
    { ...config, secureFrame: { distDir: dist } },
    { seed: false, indexer: false },
  )
  servers.push(server)
  return server
}

let server: LatchServer
beforeAll(async () => {
  server = await serverWith({ 'index.html': '<!doctype html>', 'social-popup.html': POPUP })
})
afterAll(async () => {
  await Promise.all(servers.map((each) => each.close()))
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

const get = (target: LatchServer, path: string) =>
  target.fetch(new Request(`${FRAME_ORIGIN}${path}`))

describe('the social popup’s loading page', () => {
  it('is served without a project id, under its CSP: its own script only, never framed, not cached', async () => {
    const response = await get(server, SOCIAL_POPUP_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toBe(POPUP)
    expect(response.headers.get('content-security-policy')).toBe(SOCIAL_POPUP_CSP)
    expect(SOCIAL_POPUP_CSP).toContain("default-src 'none'")
    expect(SOCIAL_POPUP_CSP).toContain("style-src 'self'")
    expect(SOCIAL_POPUP_CSP).toContain("frame-ancestors 'none'")
    // Its script binds the flow to this browser (issue 29): from this origin, calling it alone.
    expect(SOCIAL_POPUP_CSP).toContain("script-src 'self';")
    expect(SOCIAL_POPUP_CSP).toContain("connect-src 'self';")
    expect(SOCIAL_POPUP_CSP).not.toContain('unsafe')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('sets no opener policy, so the host that opened it can post it the binding and see it close', async () => {
    const response = await get(server, `${SOCIAL_POPUP_PATH}?projectId=anything`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
  })

  it('answers 404 from a frame build without the page', async () => {
    const older = await serverWith({ 'index.html': '<!doctype html>' })
    const response = await get(older, SOCIAL_POPUP_PATH)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({
      error: 'The social login page is not built on this server',
    })
  })
})
