import { randomUUID } from 'node:crypto'
import { apiErrorSchema, directoryWallets } from '@latch/core/api'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { images } from '../db/schema.js'
import { describeOnEachDatabase, get, testConfig } from '../../test/harness.js'

const SVG_PREFIX = 'data:image/svg+xml,'

/** The SVG text of a builtin wallet's inline icon, as the seed holds it. */
function inlineSvg(imageUrl: string): string {
  expect(imageUrl.startsWith(SVG_PREFIX)).toBe(true)
  return decodeURIComponent(imageUrl.slice(SVG_PREFIX.length))
}

/** The headers every served image carries. */
function expectImageHeaders(response: Response, contentType = 'image/svg+xml') {
  expect(response.headers.get('content-type')).toBe(contentType)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  )
  expect(response.headers.get('cache-control')).toBe(
    'public, max-age=86400, stale-while-revalidate=604800',
  )
  expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/)
  expect(response.headers.get('vary')).toBe('Origin')
}

const tokens = [
  { caipNetworkId: 'eip155:1', address: 'native', symbol: 'ETH', name: 'Ether', decimals: 18 },
  { caipNetworkId: 'eip155:10', address: 'native', symbol: 'ETH', name: 'Ether', decimals: 18 },
  {
    caipNetworkId: 'eip155:1',
    address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
  },
  {
    caipNetworkId: 'eip155:10',
    address: '0x7f5c764cbc14f9669b88837ca1490cca17c31607',
    symbol: 'USDC.e',
    name: 'Bridged USDC',
    decimals: 6,
  },
]

describeOnEachDatabase('image routes', (suite) => {
  it('serves each builtin wallet’s icon from the images table, as SVG that cannot run script', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const projectId = config.projects[0]!.id
    for (const wallet of directoryWallets) {
      // No Origin: an <img> asks without one, on the project id alone.
      const response = await get(
        server,
        `/getWalletImage/${wallet.id}?projectId=${projectId}`,
        null,
      )
      expect(response.status, wallet.name).toBe(200)
      expectImageHeaders(response)
      expect(await response.text()).toBe(inlineSvg(wallet.imageUrl))
    }
  })

  it('answers a revalidation with 304 while the bytes are unchanged', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const path = `/getWalletImage/${directoryWallets[0]!.id}?projectId=${config.projects[0]!.id}`
    const first = await get(server, path)
    const tag = first.headers.get('etag')!
    const again = await server.fetch(
      new Request(`http://latch.test${path}`, { headers: { 'if-none-match': tag } }),
    )
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
  })

  it('serves generated monograms for the ISO currencies and the configured tokens', async () => {
    const config = testConfig({}, { tokens })
    const server = await suite.server(config)
    const projectId = config.projects[0]!.id
    for (const [path, monogram] of [
      ['/public/getCurrencyImage/USD', 'US'],
      ['/public/getCurrencyImage/EUR', 'EU'],
      ['/public/getTokenImage/ETH', 'ET'],
      ['/public/getTokenImage/USDC', 'US'],
    ] as const) {
      const response = await get(server, `${path}?projectId=${projectId}`)
      expect(response.status, path).toBe(200)
      expectImageHeaders(response)
      const svg = await response.text()
      expect(svg, path).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(svg, path).toContain(`>${monogram}</text></svg>`)
    }
    const usdc = await (
      await get(server, `/public/getTokenImage/USDC?projectId=${projectId}`)
    ).text()
    const usd = await (
      await get(server, `/public/getCurrencyImage/USD?projectId=${projectId}`)
    ).text()
    // One code as a token and as a currency: two images, each of its own family.
    expect(usdc).not.toBe(usd)
    // A token that is not configured has no image; a symbol that is no id cannot be asked for.
    expect((await get(server, `/public/getTokenImage/DAI?projectId=${projectId}`)).status).toBe(404)
    expect((await get(server, `/public/getTokenImage/USDC.e?projectId=${projectId}`)).status).toBe(
      400,
    )
    // A currency is not a token: each route reads its own family.
    expect((await get(server, `/public/getTokenImage/EUR?projectId=${projectId}`)).status).toBe(404)
  })

  it('serves the same bytes from every instance, since they come from the database', async () => {
    const config = testConfig({}, { tokens })
    const seeding = await suite.server(config)
    // This one writes no seed at all: whatever it serves, it read from the database.
    const reader = await suite.server(config, { seed: false })
    const projectId = config.projects[0]!.id
    for (const path of [
      '/public/getCurrencyImage/EUR',
      '/public/getTokenImage/ETH',
      `/getWalletImage/${directoryWallets[5]!.id}`,
    ]) {
      const a = await get(seeding, `${path}?projectId=${projectId}`)
      const b = await get(reader, `${path}?projectId=${projectId}`)
      expect(b.status, path).toBe(200)
      expect(new Uint8Array(await b.arrayBuffer())).toEqual(new Uint8Array(await a.arrayBuffer()))
    }
  })

  it('serves an asset image stored in the table, and 404 JSON for an unknown one', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const projectId = config.projects[0]!.id
    const id = `asset-${randomUUID()}`
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255])
    await suite
      .database()
      .db.insert(images)
      .values({ kind: 'asset', id, contentType: 'image/png', bytes: png })
    const response = await get(server, `/public/getAssetImage/${id}?projectId=${projectId}`)
    expect(response.status).toBe(200)
    expectImageHeaders(response, 'image/png')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png)
    for (const path of [
      `/public/getAssetImage/${randomUUID()}`,
      // A wallet's image is not an asset's.
      `/public/getAssetImage/${directoryWallets[0]!.id}`,
      `/getWalletImage/${id}`,
    ]) {
      const missing = await get(server, `${path}?projectId=${projectId}`)
      expect(missing.status, path).toBe(404)
      expect(missing.headers.get('content-type')).toMatch(/^application\/json/)
      expect(apiErrorSchema.parse(await missing.json()).error).toBe('Image not found')
    }
  })

  it('refuses a malformed id with 400 and its zod issue', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const projectId = config.projects[0]!.id
    for (const id of [
      '-leading-dash',
      'a.b',
      '%3Csvg%3E',
      '..%2F..%2Fetc',
      'x'.repeat(129),
      '%20',
    ]) {
      const response = await get(server, `/getWalletImage/${id}?projectId=${projectId}`)
      expect(response.status, id).toBe(400)
      const body = apiErrorSchema.parse(await response.json())
      expect(body.issues, id).toEqual([{ path: ['id'], message: 'Invalid image id' }])
      expect(response.headers.get('cache-control'), id).toBeNull()
    }
  })

  it('never fails on a fuzzed path: 200, or a 400/403/404 JSON error without a stack', async () => {
    const config = testConfig({}, { tokens })
    const logged: unknown[] = []
    const server = await suite.server(config, { log: (error) => logged.push(error) })
    const projectId = config.projects[0]!.id
    const route = fc.constantFrom(
      '/getWalletImage/',
      '/public/getAssetImage/',
      '/public/getCurrencyImage/',
      '/public/getTokenImage/',
    )
    const id = fc.oneof(
      fc.constantFrom(directoryWallets[0]!.id, 'USD', 'ETH', 'USDC', '..', '.', '%', '%zz', ''),
      fc.string({ maxLength: 140 }).map(encodeURIComponent),
      fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
      // Raw: slashes, dots and stray percent signs reach the router as they are.
      fc.string({ maxLength: 40 }).map((text) => text.replace(/[#?]/g, '')),
    )
    const query = fc.oneof(
      { arbitrary: fc.constant(`?projectId=${projectId}`), weight: 6 },
      { arbitrary: fc.string({ maxLength: 30 }).map((text) => `?projectId=${text}`), weight: 1 },
      { arbitrary: fc.constant(''), weight: 1 },
    )
    await fc.assert(
      fc.asyncProperty(route, id, query, async (path, imageId, search) => {
        const url = `http://latch.test${path}${imageId}${search}`
        const response = await server.fetch(new Request(url))
        expect([200, 400, 403, 404]).toContain(response.status)
        if (response.status === 200) {
          expect(response.headers.get('x-content-type-options')).toBe('nosniff')
          expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
          return
        }
        const body: unknown = await response.json()
        expect(apiErrorSchema.safeParse(body).success).toBe(true)
        expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+/)
      }),
      { numRuns: 300 },
    )
    expect(logged).toEqual([])
  })
})
