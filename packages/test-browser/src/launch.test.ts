import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, launchChromium, type LaunchedBrowser } from './launch.js'

let browser: LaunchedBrowser
const server = createServer((_, res) => {
  res.setHeader('content-type', 'text/html')
  res.end('<!doctype html><title>Latch</title><button>Connect</button>')
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  server.close()
})

describe('launchChromium', () => {
  it("opens a local page in Debian's Chromium", async () => {
    const page = await browser.context.newPage()
    const { port } = server.address() as { port: number }
    await page.goto(`http://127.0.0.1:${port}/`)
    expect(await page.title()).toBe('Latch')
    await expect(page.getByRole('button', { name: 'Connect' }).count()).resolves.toBe(1)
  })
})

describe('launchBrowser', () => {
  it('gives each context its own viewport, in one Chromium', async () => {
    const plain = await launchBrowser()
    try {
      const { port } = server.address() as { port: number }
      const sizes = await Promise.all(
        [390, 1280].map(async (width) => {
          const context = await plain.newContext({ viewport: { width, height: 800 } })
          const page = await context.newPage()
          await page.goto(`http://127.0.0.1:${port}/`)
          return page.evaluate(() => window.innerWidth)
        }),
      )
      expect(sizes).toEqual([390, 1280])
    } finally {
      await plain.close()
    }
  })
})
