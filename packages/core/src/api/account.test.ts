import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  accountBalanceParamsSchema,
  accountBalanceResponseSchema,
  accountHistoryParamsSchema,
  accountHistoryResponseSchema,
  accountNftsParamsSchema,
  accountNftsResponseSchema,
  evmAddressSchema,
  fungiblePriceBodySchema,
  identityResponseSchema,
} from './index.js'

const token = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('blockchain-data API schemas', () => {
  it('read the balance query AppKit sends, with forceUpdate as a list of CAIP-10 tokens', () => {
    const query = {
      projectId: 'demo',
      currency: 'usd',
      chainId: 'eip155:31337',
      forceUpdate: token,
      st: 'appkit',
      sv: 'html-wagmi-1.7.8',
    }
    expect(z.parse(accountBalanceParamsSchema, query).forceUpdate).toEqual([token])
    for (const bad of [
      { ...query, currency: 'eur' },
      { ...query, chainId: '31337' },
      { ...query, forceUpdate: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
    ]) {
      expect(z.safeParse(accountBalanceParamsSchema, bad).success).toBe(false)
    }
  })

  it("accept AppKit's balance shape and refuse an inexact quantity", () => {
    const balance = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:1',
      value: 3000,
      price: 3000,
      quantity: { decimals: '18', numeric: '1.000000000000000001' },
      iconUrl: '',
    }
    expect(z.safeParse(accountBalanceResponseSchema, { balances: [balance] }).success).toBe(true)
    const bad = { ...balance, quantity: { decimals: '18', numeric: '1e-18' } }
    expect(z.safeParse(accountBalanceResponseSchema, { balances: [bad] }).success).toBe(false)
  })

  it('take an opaque base64url cursor and refuse anything else', () => {
    const base = { projectId: 'demo' }
    expect(z.safeParse(accountHistoryParamsSchema, { ...base, cursor: 'AbC_-9' }).success).toBe(
      true,
    )
    for (const cursor of ['', 'a b', 'x'.repeat(513), 'a=']) {
      expect(z.safeParse(accountHistoryParamsSchema, { ...base, cursor }).success).toBe(false)
    }
    expect(z.parse(accountHistoryResponseSchema, { data: [], next: null })).toEqual({
      data: [],
      next: null,
    })
  })

  it('check addresses, price bodies and identities', () => {
    expect(z.safeParse(evmAddressSchema, '0x' + 'a'.repeat(40)).success).toBe(true)
    expect(z.safeParse(evmAddressSchema, '0x' + 'g'.repeat(40)).success).toBe(false)
    const body = { projectId: 'demo', currency: 'usd', addresses: [token] }
    expect(z.safeParse(fungiblePriceBodySchema, body).success).toBe(true)
    expect(z.safeParse(fungiblePriceBodySchema, { ...body, addresses: [] }).success).toBe(false)
    expect(z.parse(identityResponseSchema, { name: null, avatar: null })).toEqual({
      name: null,
      avatar: null,
    })
  })

  it('read the NFT list query and answer: CAIP-10 contracts, decimal ids, held amounts', () => {
    expect(
      z.parse(accountNftsParamsSchema, {
        projectId: 'demo',
        chainId: 'eip155:31337',
        cursor: 'AbC',
      }),
    ).toEqual({ projectId: 'demo', chainId: 'eip155:31337', cursor: 'AbC' })
    for (const bad of [{ chainId: '31337' }, { cursor: 'a=' }, { cursor: '' }]) {
      expect(z.safeParse(accountNftsParamsSchema, { projectId: 'demo', ...bad }).success).toBe(
        false,
      )
    }
    const nft = {
      chainId: 'eip155:31337',
      contract: token,
      tokenId: '3',
      standard: 'erc721',
      amount: '1',
      name: 'Tile #3',
      collection: 'Tiles',
      image: 'data:image/svg+xml;base64,PHN2Zz4=',
    }
    expect(z.parse(accountNftsResponseSchema, { data: [nft], next: null }).data).toEqual([nft])
    for (const bad of [
      { ...nft, contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      { ...nft, tokenId: '0x3' },
      { ...nft, amount: '0' },
      { ...nft, standard: 'erc20' },
    ]) {
      expect(z.safeParse(accountNftsResponseSchema, { data: [bad], next: null }).success).toBe(
        false,
      )
    }
  })
})
