import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  apiErrorSchema,
  buildGetWalletsUrl,
  directoryWallets,
  LATCH_SDK,
  queryLocalDirectory,
  walletPageSchema,
  type DirectoryWallet,
  type WalletQuery,
} from '@latch/core/api'
import fc from 'fast-check'
import { expect, it, onTestFinished } from 'vitest'
import { describeOnEachDatabase, get, TEST_ORIGIN, testConfig } from '../../test/harness.js'
import { DIRECTORY_RECHECK_MS } from '../directory/directory-reader.js'

// The builtin seed as the server stores it: every entry's icon is inline, so none keeps imageUrl.
const stored = directoryWallets.map(({ imageUrl: _inline, ...entry }) => entry)
// queryLocalDirectory is typed over full wallets, and reads none of imageUrl.
const expectedPage = (query: WalletQuery) =>
  queryLocalDirectory(stored as unknown as DirectoryWallet[], query)

const ids = directoryWallets.map((wallet) => wallet.id)
const names = directoryWallets.map((wallet) => wallet.name)
const rdnses = directoryWallets.flatMap((wallet) => (wallet.rdns ? [wallet.rdns] : []))
const chains = [...new Set(directoryWallets.flatMap((wallet) => wallet.chains))]

/** A word without commas or edge blanks: what a client's list parameter carries intact. */
const word = fc
  .string({ minLength: 1, maxLength: 12 })
  .map((text) => text.replaceAll(',', '').trim())
  .filter((text) => text !== '')

/** `arbitrary`'s value in one case out of `1 + absent`, else nothing. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, absent: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary, weight: 1 })

/** A piece of a wallet's name, in any case: the search is case-insensitive. */
const namePiece = fc
  .tuple(fc.constantFrom(...names), fc.nat(), fc.nat(), fc.boolean())
  .map(([name, a, b, upper]) => {
    const piece = name.slice(Math.min(a, b) % name.length, 1 + (Math.max(a, b) % name.length))
    return upper ? piece.toUpperCase() : piece.toLowerCase()
  })

/**
 * Queries as core's directory client sends them, over the builtin seed's ids, names, rdns and
 * chains. Each filter is absent more often than not, and draws mostly from the seed's own
 * values, so most queries match some wallets (a property over empty answers would prove little).
 */
const queryArbitrary: fc.Arbitrary<WalletQuery> = fc
  .record({
    page: fc.oneof(
      { arbitrary: fc.constant(1), weight: 6 },
      { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 1_000_000 }), weight: 1 },
    ),
    entries: fc.oneof(fc.constantFrom(4, 10, 40, 100), fc.integer({ min: 1, max: 100 })),
    search: sometimes(
      fc.oneof(
        { arbitrary: namePiece, weight: 4 },
        { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
      ),
      2,
    ),
    include: sometimes(
      fc.array(
        fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 5 }, { arbitrary: word, weight: 1 }),
        { minLength: 1, maxLength: 8 },
      ),
      3,
    ),
    exclude: sometimes(
      fc.array(
        fc.oneof(
          fc.constantFrom(...ids, ...rdnses),
          fc.constantFrom(...names).map((name) => name.toUpperCase()),
          word,
        ),
        { minLength: 1, maxLength: 6 },
      ),
      2,
    ),
    chains: sometimes(
      fc.array(fc.constantFrom(...chains, 'eip155:999999'), { minLength: 1, maxLength: 4 }),
      2,
    ),
    badge: sometimes(fc.constant('certified' as const), 6),
  })
  .map(
    (query) =>
      Object.fromEntries(
        Object.entries(query).filter(([, value]) => value !== undefined),
      ) as unknown as WalletQuery,
  )

describeOnEachDatabase('GET /getWallets', (suite) => {
  it('answers every query exactly as core’s queryLocalDirectory does over the builtin seed', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const projectId = config.projects[0]!.id
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (query) => {
        const url = buildGetWalletsUrl('http://latch.test', projectId, query, LATCH_SDK)
        const response = await server.fetch(new Request(url, { headers: { origin: TEST_ORIGIN } }))
        expect(response.status).toBe(200)
        const body: unknown = await response.json()
        expect(walletPageSchema.safeParse(body).success).toBe(true)
        expect(body).toEqual(expectedPage(query))
      }),
      { numRuns: 150 },
    )
  })

  it('pages the directory in the seed’s order, without inline images, for a minute of cache', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const base = `/getWallets?projectId=${config.projects[0]!.id}&st=latch&sv=0.0.0`
    const first = await get(server, `${base}&page=1&entries=10`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('public, max-age=60')
    expect(first.headers.get('vary')).toBe('Origin')
    // Without Origin (a server asking) too: a shared cache keeps each origin's grant apart.
    expect((await get(server, `${base}&page=1&entries=10`, null)).headers.get('vary')).toBe(
      'Origin',
    )
    const page = walletPageSchema.parse(await first.json())
    expect(page.count).toBe(directoryWallets.length)
    expect(page.data.map((wallet) => wallet.id)).toEqual(ids.slice(0, 10))
    expect(page.data.every((wallet) => wallet.imageUrl === undefined)).toBe(true)
    const last = walletPageSchema.parse(
      await (await get(server, `${base}&page=4&entries=10`)).json(),
    )
    expect(last.data.map((wallet) => wallet.id)).toEqual(ids.slice(30))
  })

  it('refuses a malformed parameter with 400 and its zod issue, and caches no error', async () => {
    const config = testConfig()
    const server = await suite.server(config)
    const base = `/getWallets?projectId=${config.projects[0]!.id}&st=latch&sv=0.0.0`
    for (const [query, path] of [
      ['page=1&entries=101', 'entries'],
      ['page=0&entries=40', 'page'],
      ['entries=40', 'page'],
      ['page=1&entries=40&chains=not-a-chain', 'chains'],
      ['page=1&entries=40&badge_type=gold', 'badge_type'],
      [`page=1&entries=40&search=${'x'.repeat(65)}`, 'search'],
    ] as const) {
      const response = await get(server, `${base}&${query}`)
      expect(response.status, query).toBe(400)
      expect(response.headers.get('cache-control'), query).toBeNull()
      const body = apiErrorSchema.parse(await response.json())
      expect(body.issues?.[0]?.path[0], query).toBe(path)
    }
  })

  it('keeps an https image in the entry, serves an inline one apart, and filters by badge', async () => {
    const seed = [
      {
        id: 'hosted',
        name: 'Hosted Wallet',
        homepage: 'https://hosted.example',
        imageUrl: 'https://hosted.example/icon.png',
        chains: ['eip155:1'],
        badge: 'certified',
      },
      {
        id: 'inline',
        name: 'Inline Wallet',
        homepage: 'https://inline.example',
        imageUrl:
          'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
        chains: ['eip155:1'],
      },
    ]
    const dir = await mkdtemp(join(tmpdir(), 'latch-seed-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const path = join(dir, 'seed.json')
    await writeFile(path, JSON.stringify(seed))
    const config = testConfig({}, { directory: { seed: path } })
    const server = await suite.server(config)
    const base = `/getWallets?projectId=${config.projects[0]!.id}&page=1&entries=40&st=latch&sv=1`
    const all = walletPageSchema.parse(await (await get(server, base)).json())
    expect(all).toEqual({
      data: [
        {
          id: 'hosted',
          name: 'Hosted Wallet',
          homepage: 'https://hosted.example',
          imageUrl: 'https://hosted.example/icon.png',
          chains: ['eip155:1'],
          badge: 'certified',
        },
        {
          id: 'inline',
          name: 'Inline Wallet',
          homepage: 'https://inline.example',
          chains: ['eip155:1'],
        },
      ],
      count: 2,
    })
    const certified = walletPageSchema.parse(
      await (await get(server, `${base}&badge_type=certified`)).json(),
    )
    expect(certified.data.map((wallet) => wallet.id)).toEqual(['hosted'])
    const image = await get(server, `/getWalletImage/inline?projectId=${config.projects[0]!.id}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')
    const hosted = await get(server, `/getWalletImage/hosted?projectId=${config.projects[0]!.id}`)
    expect(hosted.status).toBe(404)
  })

  it('answers from the directory the database holds, within a second of another instance reseeding it', async () => {
    const config = testConfig()
    let clock = 1_000_000
    const first = await suite.server(config, { now: () => clock })
    const base = `/getWallets?projectId=${config.projects[0]!.id}&page=1&entries=40&st=latch&sv=1`
    const before = walletPageSchema.parse(await (await get(first, base)).json())
    expect(before.count).toBe(directoryWallets.length)
    const dir = await mkdtemp(join(tmpdir(), 'latch-seed-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const path = join(dir, 'seed.json')
    const only = { id: 'only', name: 'Only Wallet', homepage: 'https://only.example', chains: [] }
    await writeFile(path, JSON.stringify([only]))
    // A second instance on the same database starts with another seed.
    await suite.server(testConfig({}, { directory: { seed: path } }))
    // Within DIRECTORY_RECHECK_MS the first instance may still answer from what it read…
    clock += DIRECTORY_RECHECK_MS - 1
    expect(walletPageSchema.parse(await (await get(first, base)).json()).count).toBe(
      directoryWallets.length,
    )
    // …and past it, it asks the database again and finds the new directory.
    clock += 1
    const after = walletPageSchema.parse(await (await get(first, base)).json())
    expect(after).toEqual({ data: [only], count: 1 })
  })

  it('never fails on a fuzzed query: 200, or a 400/403 JSON error without a stack', async () => {
    const config = testConfig()
    const logged: unknown[] = []
    const server = await suite.server(config, { log: (error) => logged.push(error) })
    const projectId = config.projects[0]!.id
    const names = ['projectId', 'st', 'sv', 'page', 'entries', 'include', 'exclude', 'chains']
    const parameter = fc.tuple(
      fc.oneof(fc.constantFrom(...names, 'search', 'badge_type'), fc.string({ maxLength: 8 })),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.integer({ min: -5, max: 200 }).map(String),
        fc.constantFrom(projectId, 'certified', 'eip155:1', '%', '%zz', ',,,', ''),
      ),
    )
    const rawQuery = fc.oneof(
      fc
        .array(parameter, { maxLength: 8 })
        .map(
          (pairs) =>
            `projectId=${projectId}&page=1&entries=40&${new URLSearchParams(pairs).toString()}`,
        ),
      fc.string({ unit: 'binary', maxLength: 60 }).map((raw) => `projectId=${projectId}&${raw}`),
      fc.string({ maxLength: 60 }),
    )
    await fc.assert(
      fc.asyncProperty(rawQuery, async (query) => {
        const response = await server.fetch(
          new Request(`http://latch.test/getWallets?${query}`, {
            headers: { origin: TEST_ORIGIN },
          }),
        )
        expect([200, 400, 403]).toContain(response.status)
        const body: unknown = await response.json()
        if (response.status === 200) {
          expect(walletPageSchema.safeParse(body).success).toBe(true)
        } else {
          expect(apiErrorSchema.safeParse(body).success).toBe(true)
          expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+/)
        }
      }),
      { numRuns: 200 },
    )
    expect(logged).toEqual([])
  })
})
