import { accountBalanceResponseSchema, apiErrorSchema, type Balance } from '@latch/core/api'
import { erc20Abi, formatEther, getAddress, parseEther } from 'viem'
import { beforeEach, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  devnetAccounts,
  devnetContractAddresses,
  suiteTestChain,
  TEST_PRICES,
  type TestChain,
} from '../../test/account-harness.js'
import { describeOnEachDatabase, get } from '../../test/harness.js'

describeOnEachDatabase('GET /v1/account/{address}/balance', (suite) => {
  const suiteChain = suiteTestChain()
  let chain: TestChain
  beforeEach(() => {
    chain = suiteChain()
  })

  const path = (address: string, extra = '') =>
    `/v1/account/${address}/balance?projectId=${chain.config.projects[0]!.id}&currency=usd&chainId=${chain.caip}${extra}`
  const balancesOf = async (response: Response): Promise<Balance[]> => {
    expect(response.status).toBe(200)
    return z.parse(accountBalanceResponseSchema, await response.json()).balances
  }
  const ltt = () => `${chain.caip}:${devnetContractAddresses.testToken.toLowerCase()}`
  const tokenBalance = (address: `0x${string}`) =>
    chain.client.readContract({
      address: devnetContractAddresses.testToken,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })

  it('answers the native and ERC-20 balances exactly, with prices and CAIP-10 tokens', async () => {
    const server = await suite.server(chain.config, { indexer: false })
    const address = devnetAccounts[3]!.address
    const balances = await balancesOf(await get(server, path(address.toLowerCase())))
    const eth = formatEther(await chain.client.getBalance({ address }))
    const lttAmount = formatEther(await tokenBalance(address))
    expect(balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: chain.caip,
        price: TEST_PRICES.ETH,
        value: Number(eth) * TEST_PRICES.ETH,
        quantity: { decimals: '18', numeric: eth },
        iconUrl: `http://latch.test/public/getTokenImage/ETH?projectId=${chain.config.projects[0]!.id}`,
      },
      {
        name: 'Latch Test Token',
        symbol: 'LTT',
        chainId: chain.caip,
        address: ltt(),
        price: TEST_PRICES.LTT,
        value: Number(lttAmount) * TEST_PRICES.LTT,
        quantity: { decimals: '18', numeric: lttAmount },
        iconUrl: `http://latch.test/public/getTokenImage/LTT?projectId=${chain.config.projects[0]!.id}`,
      },
    ])
  })

  it('keeps a portfolio 30 s, and forceUpdate re-reads the token it names', async () => {
    let clock = Date.now()
    const server = await suite.server(chain.config, { indexer: false, now: () => clock })
    const [holder, receiver] = [devnetAccounts[4]!.address, devnetAccounts[6]!.address]
    const lttOf = (balances: Balance[]) =>
      balances.find((b) => b.symbol === 'LTT')?.quantity.numeric
    const before = await balancesOf(await get(server, path(holder)))
    await chain.send(4, receiver, parseEther('1.5'))
    // A cache hit: the transfer is not seen yet.
    expect(lttOf(await balancesOf(await get(server, path(holder))))).toBe(lttOf(before))
    const forced = await balancesOf(await get(server, path(holder, `&forceUpdate=${ltt()}`)))
    expect(lttOf(forced)).toBe(formatEther(await tokenBalance(holder)))
    // The native balance was kept from the cache (the gas paid is not seen yet) …
    expect(forced.find((b) => b.symbol === 'ETH')).toEqual(before.find((b) => b.symbol === 'ETH'))
    // … until the 30 s are over.
    clock += 30_001
    const later = await balancesOf(await get(server, path(holder)))
    expect(later.find((b) => b.symbol === 'ETH')?.quantity.numeric).toBe(
      formatEther(await chain.client.getBalance({ address: holder })),
    )
  })

  it('lists a token it did not know once forceUpdate names it, even at 0', async () => {
    const server = await suite.server(chain.config, { indexer: false })
    const b32 = `${chain.caip}:${devnetContractAddresses.bytes32Token}`
    const account = devnetAccounts[7]!.address
    const balances = await balancesOf(await get(server, path(account, `&forceUpdate=${b32}`)))
    expect(balances.find((b) => b.symbol === 'B32')).toMatchObject({
      name: 'Latch Bytes32 Token',
      address: b32.toLowerCase(),
      price: 0,
      quantity: { decimals: '18', numeric: '0' },
      iconUrl: '',
    })
  })

  it('refuses a malformed address, chain id or token, and an unsupported chain, with 400', async () => {
    const server = await suite.server(chain.config, { indexer: false })
    const id = chain.config.projects[0]!.id
    const account = getAddress(devnetAccounts[3]!.address)
    const cases: [string, (string | number)[]][] = [
      [
        `/v1/account/0x1234/balance?projectId=${id}&currency=usd&chainId=${chain.caip}`,
        ['address'],
      ],
      [`/v1/account/${account}/balance?projectId=${id}&currency=usd&chainId=1`, ['chainId']],
      [
        `/v1/account/${account}/balance?projectId=${id}&currency=eur&chainId=${chain.caip}`,
        ['currency'],
      ],
      [path(account, '&forceUpdate=0xabc'), ['forceUpdate', 0]],
      [
        `/v1/account/${account}/balance?projectId=${id}&currency=usd&chainId=eip155:999999`,
        ['chainId'],
      ],
    ]
    for (const [url, issuePath] of cases) {
      const response = await get(server, url)
      expect(response.status).toBe(400)
      const body = z.parse(apiErrorSchema, await response.json())
      expect(body.issues?.map((issue) => issue.path)).toContainEqual(issuePath)
    }
  })
})
