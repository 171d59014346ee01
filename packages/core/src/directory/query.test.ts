import { describe, it, expect } from 'vitest'
import { buildGetWalletsUrl } from './query.js'

const sdk = { type: 'latch', version: '0.1.0' }
const SPEC_PARAMETERS = [
  'projectId',
  'st',
  'sv',
  'page',
  'entries',
  'include',
  'exclude',
  'chains',
  'search',
  'badge_type',
]

describe('buildGetWalletsUrl (SPEC §7 GET /getWallets)', () => {
  it("uses exactly the SPEC's parameter names, in its order, with lists comma-joined", () => {
    const url = new URL(
      buildGetWalletsUrl(
        'https://directory.example.com/api/',
        'p1',
        {
          page: 2,
          entries: 40,
          include: ['a', 'b'],
          exclude: ['io.metamask', 'Trust Wallet'],
          chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
          search: '  rain ',
          badge: 'certified',
        },
        sdk,
      ),
    )
    expect(url.origin + url.pathname).toBe('https://directory.example.com/api/getWallets')
    expect([...url.searchParams.keys()]).toEqual(SPEC_PARAMETERS)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      st: 'latch',
      sv: '0.1.0',
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'io.metamask,Trust Wallet',
      chains: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      search: 'rain',
      badge_type: 'certified',
    })
  })

  it('leaves out empty lists, blank entries, a blank search and no badge', () => {
    const url = new URL(
      buildGetWalletsUrl(
        'https://directory.example.com',
        'p1',
        { page: 1, entries: 40, include: [], exclude: [' ', ''], chains: [], search: '   ' },
        sdk,
      ),
    )
    expect([...url.searchParams.keys()]).toEqual(['projectId', 'st', 'sv', 'page', 'entries'])
  })

  it('encodes values, so a search cannot add parameters', () => {
    const url = new URL(
      buildGetWalletsUrl(
        'https://directory.example.com',
        'p1',
        { page: 1, entries: 100, search: 'a&projectId=evil#x' },
        sdk,
      ),
    )
    expect(url.searchParams.getAll('projectId')).toEqual(['p1'])
    expect(url.searchParams.get('search')).toBe('a&projectId=evil#x')
    expect(url.hash).toBe('')
  })
})
