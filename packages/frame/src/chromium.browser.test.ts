import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { launchChromium, type LaunchedBrowser } from '@latch/test-browser'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_PROTOCOL } from './constants.js'
import { samples } from './test/samples.js'
import './test/browser/globals.js'

// The two ends in a real browser, on three origins: the host page on localhost, the frame on
// 127.0.0.1 (another site, as in production), and a hostile page on another 127.0.0.1 port.

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  })
  return result.outputFiles[0]?.text ?? ''
}

// Forges, from its own origin, what only the frame or the host may send.
const EVIL_PAGE = `<!doctype html><script>
const protocol = ${JSON.stringify(FRAME_PROTOCOL)}
parent.postMessage({ protocol, type: 'READY', nonce: crypto.randomUUID() }, '*')
parent.postMessage({ kind: 'reply', id: crypto.randomUUID(), type: 'GET_USER_SUCCESS', payload: {} }, '*')
const channel = new MessageChannel()
parent.frames[0].postMessage({ protocol, type: 'CONNECT_PORT', nonce: crypto.randomUUID() }, '*', [channel.port2])
</script>`

type Page = Awaited<ReturnType<LaunchedBrowser['context']['newPage']>>

let browser: LaunchedBrowser
const servers: Server[] = []
const origins = { host: '', frame: '', evil: '' }

async function serve(routes: Record<string, [type: string, body: () => string]>) {
  const server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname]
    if (!route) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': route[0] }).end(route[1]())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  const { port } = server.address() as AddressInfo
  return port
}

beforeAll(async () => {
  const [hostJs, frameJs] = await Promise.all([
    bundle('./test/browser/host-entry.ts'),
    bundle('./test/browser/frame-entry.ts'),
  ])
  const routes: Record<string, [string, () => string]> = {
    '/host.html': [
      'text/html',
      () => '<!doctype html><script type="module" src="/host.js"></script>',
    ],
    '/host.js': ['text/javascript', () => hostJs],
    '/frame.html': [
      'text/html',
      () =>
        `<!doctype html><html data-allowed='${JSON.stringify([origins.host])}'><script type="module" src="/frame.js"></script></html>`,
    ],
    '/frame.js': ['text/javascript', () => frameJs],
    '/evil.html': ['text/html', () => EVIL_PAGE],
  }
  origins.host = `http://localhost:${await serve(routes)}`
  origins.frame = `http://127.0.0.1:${await serve(routes)}`
  origins.evil = `http://127.0.0.1:${await serve(routes)}`
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  for (const server of servers) server.close()
})

async function openHost(origin: string): Promise<Page> {
  const page = await browser.context.newPage()
  await page.goto(`${origin}/host.html?frame=${encodeURIComponent(`${origins.frame}/frame.html`)}`)
  return page
}

function latchFrame(page: Page) {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(origins.frame))
  if (!frame) throw new Error('the Latch frame is not on the page')
  return frame
}

describe('in Chromium, across sites', () => {
  it('shakes hands over the exact origins and answers over the private port', async () => {
    const page = await openHost(origins.host)
    await page.evaluate(() => window.latch.client.whenReady())
    expect(await latchFrame(page).evaluate(() => window.reportedParent)).toBe(origins.host)
    expect(await latchFrame(page).evaluate(() => window.latchEndpoint.connected)).toBe(true)
    const email = await page.evaluate(
      (request) => window.latch.client.request('CONNECT_EMAIL', request),
      samples.CONNECT_EMAIL.request,
    )
    expect(email).toEqual(samples.CONNECT_EMAIL.success)
    // Plain strings in and out: an RPC payload and result are any JSON, too deep a type for
    // Playwright's serialisation types.
    const signature = await page.evaluate(
      (params) =>
        window.latch.client
          .request('RPC_REQUEST', { method: 'personal_sign', params })
          .then((result) => JSON.stringify(result)),
      ['0x68656c6c6f', '0x00000000000000000000000000000000000000aa'],
    )
    expect(signature).toBe(JSON.stringify(samples.RPC_REQUEST.success))
    const notices = await page.evaluate(() => window.latch.notices.map((notice) => notice.type))
    expect(notices).toEqual(['FRAME_APPROVAL_REQUESTED', 'FRAME_APPROVAL_SETTLED'])
    expect(await page.evaluate(() => window.latch.client.dropped)).toEqual({
      origin: 0,
      source: 0,
      invalid: 0,
      'unknown-id': 0,
      unexpected: 0,
    })
    await page.close()
  })

  it('drops what a foreign iframe and the host page itself forge, and keeps working', async () => {
    const page = await openHost(origins.host)
    await page.evaluate(() => window.latch.client.whenReady())
    await page.evaluate((evil) => {
      // The host page's own script pretends to be the frame.
      window.postMessage(
        { protocol: 'latch-frame/1', type: 'READY', nonce: crypto.randomUUID() },
        '*',
      )
      const iframe = document.createElement('iframe')
      iframe.src = `${evil}/evil.html`
      document.body.append(iframe)
    }, origins.evil)
    await page.waitForFunction(() => window.latch.client.dropped.origin >= 3)
    await latchFrame(page).waitForFunction(() => window.latchEndpoint.dropped.origin >= 1)
    expect(await page.evaluate(() => window.latch.client.state)).toBe('ready')
    const chain = await page.evaluate(() => window.latch.client.request('GET_CHAIN_ID'))
    expect(chain).toEqual(samples.GET_CHAIN_ID.success)
    await page.close()
  })

  it('is refused on a host page whose origin the frame does not allow', async () => {
    const page = await openHost(origins.evil)
    await page.waitForFunction(() => window.latch?.refused.count === 1)
    expect(await page.evaluate(() => window.latch.client.state)).toBe('refused')
    const error = await page.evaluate(() =>
      window.latch.client.request('GET_CHAIN_ID').catch((caught: { kind: string }) => caught.kind),
    )
    expect(error).toBe('origin_not_allowed')
    await page.close()
  })
})
