import { describe, expect, it } from 'vitest'
import type { Balance } from '../api/account.js'
import { deferred } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA, solanaLocal } from '../testing/networks.js'
import type { TokenBalance } from './token-balance.js'
import { mergeTokenSources, tokenKey } from './token-merge.js'
import { readTokenList, type PortfolioReader } from './token-sources.js'

/*
 * SPEC §4 "Balances": the wallet's discovery lists what the account holds, the server's
 * portfolio prices it and adds what the wallet did not list; either alone still answers.
 */

const chain = devnetA.caipNetworkId
const ltt = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const b32 = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

/** A wallet_getAssets answer: quantities and names, no price (as ERC-7811 wallets answer). */
const walletTokens: TokenBalance[] = [
  { name: 'Ether', symbol: 'ETH', chainId: chain, quantity: { decimals: '18', numeric: '2' } },
  {
    name: 'Latch Test Token',
    symbol: 'LTT',
    chainId: chain,
    // The wallet writes the address checksummed, the server lower-cased: the same token.
    address: `${chain}:${ltt}`,
    quantity: { decimals: '18', numeric: '10' },
  },
]

/** The server's portfolio of the same account, 30 s old: other quantities, prices. */
const serverBalances: Balance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: chain,
    value: 9000,
    price: 3000,
    quantity: { decimals: '18', numeric: '3' },
    iconUrl: 'http://127.0.0.1:1/public/getTokenImage/ETH',
  },
  {
    name: 'Latch Test Token',
    symbol: 'LTT',
    chainId: chain,
    address: `${chain}:${ltt.toLowerCase()}`,
    value: 24,
    price: 2,
    quantity: { decimals: '18', numeric: '12' },
    iconUrl: '',
  },
  {
    name: 'Latch Bytes32 Token',
    symbol: 'B32',
    chainId: chain,
    address: `${chain}:${b32}`,
    value: 0,
    price: 0,
    quantity: { decimals: '18', numeric: '5' },
    iconUrl: '',
  },
]

function setup(options: {
  wallet?: readonly TokenBalance[] | 'none' | 'fail'
  server?: readonly Balance[] | 'fail' | 'none'
}) {
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev')])
  const { wallet = walletTokens, server = serverBalances } = options
  if (wallet === 'fail') {
    fake.adapter.getTokenBalances = async () => {
      throw new Error('wallet_getAssets failed')
    }
  } else if (wallet !== 'none') {
    fake.adapter.getTokenBalances = async () => wallet
  }
  const asked: { fresh: boolean }[] = []
  const portfolio: PortfolioReader | undefined =
    server === 'none'
      ? undefined
      : async ({ fresh }) => {
          asked.push({ fresh })
          if (server === 'fail') throw new Error('Token Balance Unavailable')
          return server
        }
  const read = (fresh = false) =>
    readTokenList({
      connectorId: 'io.dev',
      address: fake.wallets[0]!.accounts[0]!.address,
      network: devnetA,
      adapter: fake.adapter,
      portfolio,
      signal: new AbortController().signal,
      fresh,
    })
  return { read, asked }
}

const summary = (tokens: readonly TokenBalance[]) =>
  tokens.map((t) => [t.symbol, t.quantity.numeric, t.price, t.value])

describe("the account's tokens: the wallet's discovery priced by the server (SPEC §4)", () => {
  it("keeps the wallet's quantities, takes the server's prices, then adds the server's other tokens", async () => {
    const tokens = await setup({}).read()
    expect(summary(tokens)).toEqual([
      ['ETH', '2', 3000, 6000],
      ['LTT', '10', 2, 20],
      // The server has no price for it (price 0): no value either, rather than $0.00.
      ['B32', '5', undefined, undefined],
    ])
    // The wallet's own spelling of the address is kept; the server's icon fills the gap.
    expect(tokens[1]?.address).toBe(`${chain}:${ltt}`)
    expect(tokens[0]?.iconUrl).toBe(serverBalances[0]!.iconUrl)
  })

  it('keeps a price or a value the wallet gave itself', async () => {
    const own = { ...walletTokens[1]!, price: 5 }
    const valued = { ...walletTokens[0]!, value: 1 }
    const tokens = await setup({ wallet: [valued, own] }).read()
    expect(summary(tokens).slice(0, 2)).toEqual([
      ['ETH', '2', 3000, 1],
      ['LTT', '10', 5, 50],
    ])
  })

  it("lists the wallet's tokens unpriced when the server cannot answer", async () => {
    expect(await setup({ server: 'fail' }).read()).toEqual(walletTokens)
  })

  it("lists the wallet's tokens as they are without a server", async () => {
    expect(await setup({ server: 'none' }).read()).toEqual(walletTokens)
  })

  it("takes the server's list alone when the wallet has no discovery, or its discovery fails", async () => {
    for (const wallet of ['none', 'fail', []] as const) {
      const tokens = await setup({ wallet }).read()
      expect(summary(tokens)).toEqual([
        ['ETH', '3', 3000, 9000],
        ['LTT', '12', 2, 24],
        ['B32', '5', undefined, undefined],
      ])
    }
  })

  it('passes a fresh read (a send went through) on to the portfolio', async () => {
    const { read, asked } = setup({})
    await read(true)
    expect(asked).toEqual([{ fresh: true }])
  })

  it('asks the wallet and the server at once, so neither waits for the other', async () => {
    const fake = createFakeAdapter('eip155', [fakeWallet('io.dev')])
    const wallet = deferred<readonly TokenBalance[]>()
    fake.adapter.getTokenBalances = () => wallet.promise
    let serverAsked = false
    const reading = readTokenList({
      connectorId: 'io.dev',
      address: fake.wallets[0]!.accounts[0]!.address,
      network: devnetA,
      adapter: fake.adapter,
      portfolio: async () => {
        serverAsked = true
        return serverBalances
      },
      signal: new AbortController().signal,
      fresh: false,
    })
    await Promise.resolve()
    expect(serverAsked).toBe(true)
    wallet.resolve(walletTokens)
    expect(await reading).toHaveLength(3)
  })

  it('rejects once its read is cancelled, whichever source answered', async () => {
    const fake = createFakeAdapter('eip155', [fakeWallet('io.dev')])
    fake.adapter.getTokenBalances = async () => walletTokens
    const controller = new AbortController()
    const reading = readTokenList({
      connectorId: 'io.dev',
      address: fake.wallets[0]!.accounts[0]!.address,
      network: devnetA,
      adapter: fake.adapter,
      portfolio: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      signal: controller.signal,
      fresh: false,
    })
    controller.abort()
    await expect(reading).rejects.toThrow()
  })
})

describe('token identity across sources', () => {
  it('matches EVM addresses in any case, and the native token by its chain', () => {
    const native = { chainId: chain, address: undefined }
    expect(tokenKey(native)).toBe(tokenKey({ chainId: chain }))
    expect(tokenKey({ chainId: chain, address: `${chain}:${ltt}` })).toBe(
      tokenKey({ chainId: chain, address: `${chain}:${ltt.toLowerCase()}` }),
    )
    expect(tokenKey(native)).not.toBe(
      tokenKey({ chainId: devnetA.caipNetworkId, address: `${chain}:${ltt}` }),
    )
  })

  it('compares other namespaces\u2019 addresses as written (base58 is case-sensitive)', () => {
    const sol = solanaLocal.caipNetworkId
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    expect(tokenKey({ chainId: sol, address: `${sol}:${mint}` })).not.toBe(
      tokenKey({ chainId: sol, address: `${sol}:${mint.toLowerCase()}` }),
    )
  })

  it('never matches the same address on two chains', () => {
    const other = 'eip155:31338' as const
    const merged = mergeTokenSources(
      [walletTokens[1]!],
      [{ ...walletTokens[1]!, chainId: other, address: `${other}:${ltt}`, price: 2 }],
    )
    expect(merged.map((t) => [t.chainId, t.price])).toEqual([
      [chain, undefined],
      [other, 2],
    ])
  })
})
