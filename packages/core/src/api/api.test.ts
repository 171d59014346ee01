import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { buildGetWalletsUrl } from '../directory/query.js'
import { LATCH_SDK, getWalletsParamsSchema, serverRpcUrl } from './index.js'

const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams)

describe('shared API schemas', () => {
  it('accept exactly what the directory client sends', () => {
    const url = buildGetWalletsUrl(
      'http://127.0.0.1:4000',
      'demo',
      {
        page: 2,
        entries: 40,
        include: ['a', 'b'],
        chains: ['eip155:1'],
        search: ' meta ',
        badge: 'certified',
      },
      LATCH_SDK,
    )
    expect(z.parse(getWalletsParamsSchema, paramsOf(url))).toEqual({
      projectId: 'demo',
      st: 'latch',
      sv: LATCH_SDK.version,
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      chains: ['eip155:1'],
      search: 'meta',
      badge_type: 'certified',
    })
  })

  it('refuse a page that is not a positive integer, too many entries and a bad chain', () => {
    const base = { projectId: 'demo', st: 'latch', sv: '1.0.0' }
    for (const bad of [
      { ...base, page: '0', entries: '40' },
      { ...base, page: '1.5', entries: '40' },
      { ...base, page: '1', entries: '101' },
      { ...base, page: '1', entries: '40', chains: 'not-a-chain' },
      { ...base, page: '1', entries: '40', badge_type: 'gold' },
      { ...base, projectId: 'bad id', page: '1', entries: '40' },
    ]) {
      expect(z.safeParse(getWalletsParamsSchema, bad).success, JSON.stringify(bad)).toBe(false)
    }
  })

  it('build the default RPC URL of a chain on a server (SPEC §7 /v1/?chainId&projectId)', () => {
    expect(serverRpcUrl('http://127.0.0.1:4000/', 'eip155:31337', 'demo')).toBe(
      'http://127.0.0.1:4000/v1/?chainId=eip155%3A31337&projectId=demo',
    )
  })
})
