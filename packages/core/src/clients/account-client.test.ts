import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { startFakeLatchServer, type FakeLatchServer } from '../test/fake-latch-server.js'
import {
  createAccountClient,
  HISTORY_FALLBACK,
  IDENTITY_CACHE_MS,
  PORTFOLIO_CACHE_MS,
} from './account-client.js'

/*
 * The account client over a real socket (test/fake-latch-server.ts, standing in for
 * packages/server): SPEC §7's calls and supported-chains check, SPEC §9's caches on a test clock,
 * and SPEC §7/§8's fallbacks.
 */

let server: FakeLatchServer
beforeAll(async () => {
  server = await startFakeLatchServer()
})
afterAll(() => server.close())

const owner = '0x' + 'ab'.repeat(20)
const chain = 'eip155:31337'
const ether = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: chain,
  value: 4500,
  price: 3000,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: '',
}
const transfer = (id: string) => ({
  id,
  metadata: {
    operationType: 'send',
    hash: '0x' + id.padStart(64, '0'),
    minedAt: '2026-01-01T00:00:00.000Z',
    sentFrom: owner,
    sentTo: owner,
    status: 'confirmed',
    nonce: 0,
    chain,
  },
  transfers: [{ direction: 'self', quantity: { numeric: '1' }, fungible_info: { symbol: 'TT' } }],
})

beforeEach(() => {
  server.received.length = 0
  server.answer('/v1/supported-chains', { status: 200, body: { http: [chain], ws: [] } })
  server.answer(`/v1/account/${owner}/balance`, { status: 200, body: { balances: [ether] } })
})

function clientWithClock() {
  let now = 1_000_000
  const client = createAccountClient({ serverUrl: server.url, projectId: 'demo' }, () => now)
  return { client, advance: (ms: number) => (now += ms) }
}
const calls = (path: string) => server.received.filter((r) => r.path === path)

describe('account client: balances (SPEC §7, §9 portfolio 30 s)', () => {
  it('asks the supported chains first, then the balance with currency usd and the chain', async () => {
    const { client } = clientWithClock()
    expect(await client.getBalances(owner, chain)).toEqual([ether])
    expect(server.received.map((r) => r.path)).toEqual([
      '/v1/supported-chains',
      `/v1/account/${owner}/balance`,
    ])
    expect(calls(`/v1/account/${owner}/balance`)[0]?.query).toMatchObject({
      currency: 'usd',
      chainId: chain,
      projectId: 'demo',
    })
  })

  it('answers from its cache for 30 s, then asks again; `fresh` skips the cache', async () => {
    const { client, advance } = clientWithClock()
    await client.getBalances(owner, chain)
    advance(PORTFOLIO_CACHE_MS - 1)
    await client.getBalances(owner, chain)
    expect(calls(`/v1/account/${owner}/balance`)).toHaveLength(1)
    advance(1)
    await client.getBalances(owner, chain)
    expect(calls(`/v1/account/${owner}/balance`)).toHaveLength(2)
    await client.getBalances(owner, chain, { fresh: true })
    expect(calls(`/v1/account/${owner}/balance`)).toHaveLength(3)
    // Ether has no address: nothing to name in forceUpdate.
    expect(calls(`/v1/account/${owner}/balance`)[2]?.query.forceUpdate).toBeUndefined()
    // The supported chains are asked once per client.
    expect(calls('/v1/supported-chains')).toHaveLength(1)
  })

  it('names the tokens it last listed in forceUpdate on a fresh read', async () => {
    const token = { ...ether, name: 'T', symbol: 'T', address: `${chain}:0x${'12'.repeat(20)}` }
    server.answer(`/v1/account/${owner}/balance`, {
      status: 200,
      body: { balances: [ether, token] },
    })
    const { client } = clientWithClock()
    await client.getBalances(owner, chain)
    await client.getBalances(owner, chain, { fresh: true })
    const [first, fresh] = calls(`/v1/account/${owner}/balance`)
    expect(first?.query.forceUpdate).toBeUndefined()
    expect(fresh?.query.forceUpdate).toBe(token.address)
  })

  it('keeps each instance its own cache', async () => {
    await clientWithClock().client.getBalances(owner, chain)
    await clientWithClock().client.getBalances(owner, chain)
    expect(calls(`/v1/account/${owner}/balance`)).toHaveLength(2)
  })

  it.each<[string, () => void, `${string}:${string}`]>([
    ['an unsupported chain', () => undefined, 'eip155:1'],
    [
      'a server error',
      () => server.answer(`/v1/account/${owner}/balance`, { status: 500, body: { error: 'x' } }),
      chain,
    ],
    [
      'an answer of the wrong shape',
      () => server.answer(`/v1/account/${owner}/balance`, { status: 200, body: { balances: 1 } }),
      chain,
    ],
  ])('fails with Token Balance Unavailable on %s', async (_, arrange, chainId) => {
    arrange()
    const { client } = clientWithClock()
    const error = await client.getBalances(owner, chainId).catch((e: unknown) => e)
    expect(isLatchError(error, 'TOKEN_BALANCE_UNAVAILABLE')).toBe(true)
    expect((error as Error).message).toBe('Token Balance Unavailable')
  })

  it('asks the supported chains again after a failed ask', async () => {
    server.answer('/v1/supported-chains', { status: 503, body: { error: 'down' } })
    const { client } = clientWithClock()
    await expect(client.getBalances(owner, chain)).rejects.toThrow('Token Balance Unavailable')
    server.answer('/v1/supported-chains', { status: 200, body: { http: [chain], ws: [] } })
    expect(await client.getBalances(owner, chain)).toEqual([ether])
  })
})

describe('account client: history (SPEC §7)', () => {
  it('reads a page with the chain and the cursor, newest first', async () => {
    const page = { data: [transfer('2'), transfer('1')], next: 'Q3Vyc29y' }
    server.answer(`/v1/account/${owner}/history`, { status: 200, body: page })
    const { client } = clientWithClock()
    expect(await client.getHistory(owner, { chainId: chain, cursor: 'Zmlyc3Q' })).toEqual(page)
    expect(calls(`/v1/account/${owner}/history`)[0]?.query).toMatchObject({
      chainId: chain,
      cursor: 'Zmlyc3Q',
    })
  })

  it('gives the fallback {data:[], next} on an unsupported chain, without asking', async () => {
    const { client } = clientWithClock()
    expect(await client.getHistory(owner, { chainId: 'eip155:1' })).toEqual(HISTORY_FALLBACK)
    expect(calls(`/v1/account/${owner}/history`)).toHaveLength(0)
  })

  it("fails with 'Failed to fetch transactions' when the server cannot answer", async () => {
    server.answer(`/v1/account/${owner}/history`, { status: 500, body: { error: 'x' } })
    const { client } = clientWithClock()
    const error = await client.getHistory(owner, { chainId: chain }).catch((e: unknown) => e)
    expect(isLatchError(error, 'FAILED_TO_FETCH_TRANSACTIONS')).toBe(true)
    expect((error as Error).message).toBe('Failed to fetch transactions')
  })
})

describe('account client: NFTs', () => {
  it("maps the server's page to gallery items", async () => {
    const contract = `${chain}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
    const nft = {
      chainId: chain,
      contract,
      tokenId: '3',
      standard: 'erc721',
      amount: '1',
      name: 'Tile #3',
      collection: 'Tiles',
      image: 'data:image/svg+xml;base64,PHN2Zz4=',
    }
    server.answer(`/v1/account/${owner}/nfts`, { status: 200, body: { data: [nft], next: null } })
    const { client } = clientWithClock()
    expect(await client.getNfts(owner, { chainId: chain })).toEqual({
      items: [
        {
          id: `${contract}/3`,
          contract,
          tokenId: '3',
          name: 'Tile #3',
          collection: 'Tiles',
          amount: '1',
          standard: 'erc721',
          imageUrl: nft.image,
        },
      ],
      next: null,
    })
  })
})

describe('account client: identity (SPEC §7, §9 identity 5 min)', () => {
  const identityPath = `/v1/identity/${owner}`
  const reversePath = `/v1/profile/reverse/${owner}`

  it('reads the name and avatar, and keeps them 5 min', async () => {
    server.answer(identityPath, { status: 200, body: { name: 'alice.eth', avatar: null } })
    const { client, advance } = clientWithClock()
    expect(await client.getProfile(owner, 'eip155:1')).toEqual({ name: 'alice.eth', avatar: null })
    advance(IDENTITY_CACHE_MS - 1)
    await client.getProfile(owner, 'eip155:1')
    expect(calls(identityPath)).toHaveLength(1)
    advance(1)
    await client.getProfile(owner, 'eip155:1')
    expect(calls(identityPath)).toHaveLength(2)
    expect(calls(identityPath)[0]?.query).toMatchObject({ sender: owner, chainId: 'eip155:1' })
  })

  it('resolves the name through the name service when the identity lookup fails', async () => {
    server.answer(identityPath, { status: 500, body: { error: 'x' } })
    server.answer(reversePath, {
      status: 200,
      body: [{ name: 'alice.latch', attributes: [{ avatar: 'https://a.example/a.png' }] }],
    })
    const { client } = clientWithClock()
    expect(await client.getProfile(owner, 'eip155:1')).toEqual({
      name: 'alice.latch',
      avatar: 'https://a.example/a.png',
    })
    expect(calls(reversePath)[0]?.query).toMatchObject({ sender: owner, apiVersion: '2' })
  })

  it('clears both when neither answers, and asks again next time', async () => {
    server.answer(identityPath, { status: 500, body: { error: 'x' } })
    server.answer(reversePath, { status: 404, body: { error: 'x' } })
    const { client } = clientWithClock()
    expect(await client.getProfile(owner, 'eip155:1')).toEqual({ name: null, avatar: null })
    await client.getProfile(owner, 'eip155:1')
    expect(calls(identityPath)).toHaveLength(2)
  })
})
