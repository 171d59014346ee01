import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, it, expect, vi } from 'vitest'
import { isLatchError, LatchError } from '../errors/latch-error.js'
import { createDirectoryClient, DIRECTORY_CACHE_MS } from './directory-client.js'
import { generateWalletIcon } from './icon.js'
import type { DirectoryWallet } from './wallet.js'
import { directoryWallets } from './wallets.data.js'

type Handler = (request: IncomingMessage, response: ServerResponse) => void

let server: Server
let baseUrl: string
const received: string[] = []
let handler: Handler = (_request, response) => response.end()

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url ?? '')
    handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

function answer(status: number, body: unknown, raw = false): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(raw ? String(body) : JSON.stringify(body))
  }
}

const sdk = { type: 'latch', version: '0.1.0' }
const sdkQuery = 'projectId=p1&st=latch&sv=0.1.0'
const good: DirectoryWallet = {
  id: 'abc123',
  name: 'Good Wallet',
  rdns: 'com.good.wallet',
  homepage: 'https://good.example.com',
  imageUrl: 'https://images.example.com/good.png',
  mobileLink: 'good://',
  chains: ['eip155:1'],
}

async function rejection(promise: Promise<unknown>): Promise<LatchError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(LatchError)
  return error as LatchError
}

describe('createDirectoryClient against a service (SPEC §7 GET /getWallets)', () => {
  it('sends the SPEC query to {baseUrl}/getWallets and returns the validated page', async () => {
    handler = answer(200, { data: [good], count: 321 })
    const client = createDirectoryClient({ baseUrl: `${baseUrl}/`, projectId: 'p1', sdk })
    const page = await client.getWallets({
      page: 3,
      entries: 40,
      chains: ['eip155:1'],
      exclude: ['io.metamask'],
    })
    expect(page).toEqual({ data: [good], count: 321 })
    expect(received.at(-1)).toBe(
      '/getWallets?projectId=p1&st=latch&sv=0.1.0&page=3&entries=40&exclude=io.metamask&chains=eip155%3A1',
    )
  })

  it('drops invalid entries, keeps the valid ones, and fills a missing image', async () => {
    const noImage = { ...good, id: 'noimage', imageUrl: undefined }
    handler = answer(200, {
      data: [
        { ...good, mobileLink: 'javascript:alert(1)' },
        { ...good, id: '__proto__' },
        { ...good, name: 'x'.repeat(10_000) },
        'not a wallet',
        null,
        good,
        noImage,
      ],
      count: 7,
    })
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    const page = await client.getWallets({ page: 1, entries: 40 })
    expect(page.count).toBe(7)
    expect(page.data).toEqual([
      good,
      { ...noImage, imageUrl: `${baseUrl}/getWalletImage/noimage?${sdkQuery}` },
    ])
  })

  it("throws 'HTTP status code: 500' when the service fails", async () => {
    handler = answer(500, { error: 'boom' })
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    const error = await rejection(client.getWallets({ page: 1, entries: 40 }))
    expect(error.code).toBe('HTTP_STATUS')
    expect(error.message).toBe('HTTP status code: 500')
  })

  it('throws for a body that is not a page of wallets', async () => {
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    for (const body of ['{not json', JSON.stringify({ data: 'x', count: 1 }), '[]']) {
      handler = answer(200, body, true)
      const error = await rejection(client.getWallets({ page: 1, entries: 40 }))
      expect(error.code).toBe('UNKNOWN_ERROR')
    }
  })

  it("reports an aborted request as 'Something went wrong' (SPEC §8)", async () => {
    handler = () => undefined // never answers
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    const controller = new AbortController()
    const pending = client.getWallets({ page: 1, entries: 40 }, { signal: controller.signal })
    controller.abort()
    const error = await rejection(pending)
    expect(error.message).toBe('Something went wrong')
  })

  it('uses the injected fetch, and reads globalThis.fetch only when called', async () => {
    const injected = vi.fn<typeof fetch>(async () => Response.json({ data: [good], count: 1 }))
    const withInjected = createDirectoryClient({ baseUrl, projectId: 'p1', sdk, fetch: injected })
    await withInjected.getWallets({ page: 1, entries: 40, search: 'good' })
    expect(String(injected.mock.calls[0]?.[0])).toContain('/getWallets?projectId=p1')

    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    const late = vi.fn<typeof fetch>(async () => Response.json({ data: [], count: 0 }))
    vi.stubGlobal('fetch', late)
    try {
      expect(await client.getWallets({ page: 1, entries: 40 })).toEqual({ data: [], count: 0 })
      expect(late).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('wraps an unreachable service in a LatchError, keeping the cause', async () => {
    const offline = new TypeError('fetch failed')
    const client = createDirectoryClient({
      baseUrl,
      projectId: 'p1',
      sdk,
      fetch: async () => Promise.reject(offline),
    })
    const error = await rejection(client.getWallets({ page: 1, entries: 40 }))
    expect(isLatchError(error, 'UNKNOWN_ERROR')).toBe(true)
    expect(error.cause).toBe(offline)
  })

  it('asks the service nothing on a prefetch: its pages load when a list shows', async () => {
    const before = received.length
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    await client.prefetch()
    expect(received.length).toBe(before)
    expect(client.localWallets).toBeUndefined()
  })

  it('points wallet images at GET /getWalletImage/{id}, with projectId, st and sv', () => {
    const client = createDirectoryClient({ baseUrl: `${baseUrl}//`, projectId: 'p1', sdk })
    expect(client.walletImageUrl('abc')).toBe(`${baseUrl}/getWalletImage/abc?${sdkQuery}`)
    expect(client.walletImageUrl('a/b?c')).toBe(`${baseUrl}/getWalletImage/a%2Fb%3Fc?${sdkQuery}`)
  })

  it("throws 'Invalid App Configuration' when the service answers 403 (SPEC §8)", async () => {
    handler = answer(403, { error: 'Unknown project' })
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    const error = await rejection(client.getWallets({ page: 1, entries: 40 }))
    expect(error.code).toBe('INVALID_APP_CONFIGURATION')
    expect(error.message).toBe('Invalid App Configuration')
    expect(error.cause).toEqual({ error: 'Unknown project' })
  })
})

describe('createDirectoryClient: pages kept in memory, and one wallet by id', () => {
  it('answers a page asked again within 5 minutes from memory, and asks again after', async () => {
    handler = answer(200, { data: [good], count: 1 })
    let clock = 1_000
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk, now: () => clock })
    const before = received.length
    const first = await client.getWallets({ page: 1, entries: 40 })
    clock += DIRECTORY_CACHE_MS - 1
    expect(await client.getWallets({ page: 1, entries: 40 })).toEqual(first)
    expect(received.length - before).toBe(1)
    // Another query is another request; an old page is asked for again.
    await client.getWallets({ page: 2, entries: 40 })
    clock += 1
    await client.getWallets({ page: 1, entries: 40 })
    expect(received.length - before).toBe(3)
  })

  it('keeps no failure: the next ask goes to the service again', async () => {
    handler = answer(500, {})
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    const before = received.length
    await expect(client.getWallets({ page: 1, entries: 40 })).rejects.toThrow(
      'HTTP status code: 500',
    )
    handler = answer(200, { data: [good], count: 1 })
    expect(await client.getWallets({ page: 1, entries: 40 })).toEqual({ data: [good], count: 1 })
    expect(received.length - before).toBe(2)
  })

  it('finds a wallet in a page already loaded without a request, else asks for it by id', async () => {
    handler = answer(200, { data: [good], count: 1 })
    const client = createDirectoryClient({ baseUrl, projectId: 'p1', sdk })
    await client.getWallets({ page: 1, entries: 40 })
    const before = received.length
    expect(await client.findWallet(good.id)).toEqual(good)
    expect(received.length).toBe(before)

    handler = answer(200, { data: [{ ...good, id: 'other', name: 'Other' }], count: 1 })
    expect(await client.findWallet('other')).toMatchObject({ id: 'other', name: 'Other' })
    expect(received.slice(before)).toHaveLength(1)
    expect(new URL(received[before]!, baseUrl).searchParams.get('include')).toBe('other')
  })

  it('finds a wallet among the local wallets, never fetching', async () => {
    const client = createDirectoryClient({ projectId: 'p1', sdk, wallets: [good] })
    expect(await client.findWallet(good.id)).toEqual(good)
    expect(await client.findWallet('nope')).toBeUndefined()
  })
})

describe('createDirectoryClient without a service', () => {
  it('answers from the built-in directory with the same contract, never fetching', async () => {
    const fetchSpy = vi.fn<typeof fetch>()
    const client = createDirectoryClient({ projectId: 'p1', sdk, fetch: fetchSpy })
    const page = await client.getWallets({ page: 1, entries: 40, search: 'latch' })
    expect(page).toEqual({ data: [directoryWallets.at(-1)], count: 1 })
    const all = await client.getWallets({ page: 1, entries: 40 })
    expect(all.count).toBe(directoryWallets.length)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it("gives a wallet's built-in icon once loaded, or a generated one for an unknown id", async () => {
    const client = createDirectoryClient({ projectId: 'p1', sdk })
    const metamask = directoryWallets[0]!
    // The built-in module loads on the first query; until then every id gets a generated icon.
    expect(client.walletImageUrl(metamask.id)).toBe(generateWalletIcon('', metamask.id))
    await client.getWallets({ page: 1, entries: 1 })
    expect(client.walletImageUrl(metamask.id)).toBe(metamask.imageUrl)
    expect(client.walletImageUrl('unknown')).toBe(generateWalletIcon('', 'unknown'))
  })

  it('loads wallets it is given a loader for, once', async () => {
    const load = vi.fn(async () => [good])
    const client = createDirectoryClient({ projectId: 'p1', sdk, wallets: load })
    expect(await client.getWallets({ page: 1, entries: 40 })).toEqual({ data: [good], count: 1 })
    await client.getWallets({ page: 1, entries: 40, search: 'x' })
    expect(load).toHaveBeenCalledOnce()
  })

  it('prefetches the local wallets once, so the first query finds them loaded', async () => {
    const load = vi.fn(async () => [good])
    const client = createDirectoryClient({ projectId: 'p1', sdk, wallets: load })
    expect(client.localWallets).toBeUndefined()
    await client.prefetch()
    expect(client.localWallets).toEqual([good])
    expect(await client.getWallets({ page: 1, entries: 40 })).toEqual({ data: [good], count: 1 })
    expect(load).toHaveBeenCalledOnce()
  })

  it('never rejects a prefetch; a failed one leaves the load to the first query', async () => {
    const load = vi.fn<() => Promise<DirectoryWallet[]>>()
    load.mockRejectedValueOnce(new Error('chunk not loaded')).mockResolvedValue([good])
    const client = createDirectoryClient({ projectId: 'p1', sdk, wallets: load })
    await expect(client.prefetch()).resolves.toBeUndefined()
    expect(client.localWallets).toBeUndefined()
    expect(await client.getWallets({ page: 1, entries: 40 })).toEqual({ data: [good], count: 1 })
  })

  it('answers from the wallets it is given, also when baseUrl is empty', async () => {
    const client = createDirectoryClient({ baseUrl: '', projectId: 'p1', sdk, wallets: [good] })
    expect(await client.getWallets({ page: 1, entries: 40 })).toEqual({ data: [good], count: 1 })
  })
})
