import { describe, it, expect } from 'vitest'
import { RECOMMENDED_WALLETS_COUNT, recommendedWallets } from './local-directory.js'
import { WALLETS_PER_PAGE, WALLET_SEARCH_LIMIT, queryLocalDirectory } from './query.js'
import type { DirectoryWallet } from './wallet.js'
import { directoryWallets } from './wallets.data.js'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

function wallet(index: number, patch: Partial<DirectoryWallet> = {}): DirectoryWallet {
  return {
    id: `w${index}`,
    name: `Wallet ${index}`,
    homepage: 'https://wallet.example.com',
    imageUrl: 'https://images.example.com/w.png',
    chains: ['eip155:1'],
    ...patch,
  }
}

const thousand = Array.from({ length: 1000 }, (_, index) => wallet(index))
const ids = (list: readonly DirectoryWallet[]) => list.map((w) => w.id)

describe('SPEC §9 wallet-list constants', () => {
  it('are 40 per page, 100 search results and 4 recommended', () => {
    expect([WALLETS_PER_PAGE, WALLET_SEARCH_LIMIT, RECOMMENDED_WALLETS_COUNT]).toEqual([40, 100, 4])
  })
})

describe('queryLocalDirectory', () => {
  it('pages 40 at a time in the list order, with the total count', () => {
    const first = queryLocalDirectory(thousand, { page: 1, entries: WALLETS_PER_PAGE })
    const second = queryLocalDirectory(thousand, { page: 2, entries: WALLETS_PER_PAGE })
    const last = queryLocalDirectory(thousand, { page: 25, entries: WALLETS_PER_PAGE })
    expect(first.count).toBe(1000)
    expect(ids(first.data)).toEqual(ids(thousand.slice(0, 40)))
    expect(ids(second.data)).toEqual(ids(thousand.slice(40, 80)))
    expect(ids(last.data)).toEqual(ids(thousand.slice(960)))
    expect(queryLocalDirectory(thousand, { page: 26, entries: 40 })).toEqual({
      data: [],
      count: 1000,
    })
  })

  it('reads a page or entries that is not a positive integer as the first page of 40', () => {
    for (const query of [
      { page: 0, entries: 0 },
      { page: -3, entries: Number.NaN },
      { page: 1.5, entries: -40 },
    ]) {
      expect(ids(queryLocalDirectory(thousand, query).data)).toEqual(ids(thousand.slice(0, 40)))
    }
  })

  it('searches names case-insensitively, trimmed, and nothing else', () => {
    const list = [
      wallet(1, { name: 'Rainbow' }),
      wallet(2, { name: 'MetaMask', rdns: 'io.rainbowish' }),
      wallet(3, { name: 'RAINBOW Pro' }),
    ]
    const found = queryLocalDirectory(list, { page: 1, entries: 40, search: '  rainBOW ' })
    expect(found).toEqual({ data: [list[0], list[2]], count: 2 })
    expect(queryLocalDirectory(list, { page: 1, entries: 40, search: '   ' }).count).toBe(3)
  })

  it('caps a search at 100 results, counted and paged', () => {
    const query = { entries: WALLETS_PER_PAGE, search: 'wallet' }
    const first = queryLocalDirectory(thousand, { ...query, page: 1 })
    expect(first.count).toBe(WALLET_SEARCH_LIMIT)
    expect(first.data).toHaveLength(40)
    expect(queryLocalDirectory(thousand, { ...query, page: 3 }).data).toHaveLength(20)
    expect(queryLocalDirectory(thousand, { ...query, page: 4 }).data).toEqual([])
    const all = queryLocalDirectory(thousand, { page: 1, entries: 1000, search: 'WALLET' })
    expect(ids(all.data)).toEqual(ids(thousand.slice(0, 100)))
  })

  it('keeps only included ids, in the list order', () => {
    const found = queryLocalDirectory(thousand, { page: 1, entries: 40, include: ['w9', 'w3'] })
    expect(found).toEqual({ data: [thousand[3], thousand[9]], count: 2 })
  })

  it('leaves out excluded wallets by id, rdns or name', () => {
    const list = [wallet(1), wallet(2, { rdns: 'io.two' }), wallet(3), wallet(4)]
    const found = queryLocalDirectory(list, {
      page: 1,
      entries: 40,
      exclude: ['w1', 'io.two', 'wallet 3'],
    })
    expect(found).toEqual({ data: [list[3]], count: 1 })
  })

  it('keeps wallets supporting any of the given chains', () => {
    const list = [
      wallet(1, { chains: ['eip155:1'] }),
      wallet(2, { chains: [SOLANA] }),
      wallet(3, { chains: ['eip155:137', SOLANA] }),
    ]
    const found = queryLocalDirectory(list, { page: 1, entries: 40, chains: [SOLANA, 'eip155:10'] })
    expect(ids(found.data)).toEqual(['w2', 'w3'])
    expect(queryLocalDirectory(list, { page: 1, entries: 40, chains: [] }).count).toBe(3)
  })

  it('keeps only certified wallets when asked', () => {
    const list = [wallet(1, { badge: 'certified' }), wallet(2, { badge: 'none' }), wallet(3)]
    const found = queryLocalDirectory(list, { page: 1, entries: 40, badge: 'certified' })
    expect(found).toEqual({ data: [list[0]], count: 1 })
  })

  it('combines the filters, and answers for the built-in directory', () => {
    const found = queryLocalDirectory(directoryWallets, {
      page: 1,
      entries: 40,
      chains: ['eip155:31337'],
      search: 'dev',
    })
    expect(found.data.map((w) => w.rdns)).toEqual(['io.latch.devwallet'])
    const bitcoin = queryLocalDirectory(directoryWallets, {
      page: 1,
      entries: 40,
      chains: ['bip122:000000000019d6689c085ae165831e93'],
      exclude: ['Xverse'],
    })
    expect(bitcoin.data.some((w) => w.name === 'Xverse')).toBe(false)
    expect(bitcoin.data.some((w) => w.name === 'Leather')).toBe(true)
  })
})

describe('recommendedWallets', () => {
  it('gives the first 4 of the directory when nothing else is said', () => {
    expect(recommendedWallets(directoryWallets).map((w) => w.name)).toEqual([
      'MetaMask',
      'Trust Wallet',
      'Coinbase Wallet',
      'Rainbow',
    ])
  })

  it('puts featured wallets first, in their order, without repeating one', () => {
    const found = recommendedWallets(thousand, { featuredWalletIds: ['w7', 'w5', 'w7', 'nope'] })
    expect(ids(found)).toEqual(['w7', 'w5', 'w0', 'w1'])
  })

  it('skips installed wallets (shown elsewhere) and excluded ones', () => {
    const list = [
      wallet(1, { rdns: 'io.one' }),
      wallet(2),
      wallet(3, { rdns: 'io.three' }),
      wallet(4),
      wallet(5),
      wallet(6),
    ]
    const found = recommendedWallets(list, {
      featuredWalletIds: ['w3', 'w4'],
      installedRdns: ['io.one', 'io.three'],
      excludeWalletIds: ['Wallet 2'],
    })
    expect(ids(found)).toEqual(['w4', 'w5', 'w6'])
  })

  it('honours includeWalletIds and chains when given', () => {
    const list = [
      wallet(1),
      wallet(2, { chains: [SOLANA] }),
      wallet(3),
      wallet(4, { chains: [SOLANA] }),
    ]
    expect(ids(recommendedWallets(list, { includeWalletIds: ['w3', 'w4'] }))).toEqual(['w3', 'w4'])
    expect(ids(recommendedWallets(list, { chains: [SOLANA] }))).toEqual(['w2', 'w4'])
  })
})
