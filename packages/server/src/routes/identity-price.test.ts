import {
  apiErrorSchema,
  fungiblePriceResponseSchema,
  identityResponseSchema,
} from '@latch/core/api'
import fc from 'fast-check'
import { beforeEach, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  devnetAccounts,
  devnetContractAddresses,
  suiteTestChain,
  TEST_PRICES,
  type TestChain,
} from '../../test/account-harness.js'
import { describeOnEachDatabase, get, post } from '../../test/harness.js'
import { names } from '../db/schema.js'

describeOnEachDatabase('identity, prices and bad input', (suite) => {
  const suiteChain = suiteTestChain()
  let chain: TestChain
  beforeEach(() => {
    chain = suiteChain()
  })
  const id = () => chain.config.projects[0]!.id

  it('answers a name and avatar from the names table, nulls without one, cached 5 minutes', async () => {
    let clock = Date.now()
    const server = await suite.server(chain.config, { indexer: false, now: () => clock })
    const [named, unnamed] = [devnetAccounts[2]!.address, devnetAccounts[9]!.address]
    const name = `tile-${id()}.latch`
    await suite
      .database()
      .db.insert(names)
      .values({ name, address: named.toLowerCase(), avatar: null })
    const identity = async (address: string) => {
      const response = await get(
        server,
        `/v1/identity/${address}?projectId=${id()}&chainId=${chain.caip}`,
      )
      expect(response.status).toBe(200)
      return z.parse(identityResponseSchema, await response.json())
    }
    expect(await identity(named)).toEqual({ name, avatar: null })
    expect(await identity(unnamed)).toEqual({ name: null, avatar: null })
    const later = `later-${id()}.latch`
    await suite.database().db.insert(names).values({ name: later, address: unnamed.toLowerCase() })
    expect(await identity(unnamed)).toEqual({ name: null, avatar: null })
    clock += 5 * 60_000 + 1
    expect(await identity(unnamed)).toEqual({ name: later, avatar: null })
  })

  it('prices the configured tokens by CAIP-10 address, in the order asked, skipping unknown ones', async () => {
    const server = await suite.server(chain.config, { indexer: false })
    const response = await post(server, `/v1/fungible/price?projectId=${id()}`, {
      projectId: id(),
      currency: 'usd',
      addresses: [
        `${chain.caip}:${devnetContractAddresses.testToken}`,
        `${chain.caip}:0x${'9'.repeat(40)}`,
        `${chain.caip}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`,
      ],
    })
    expect(response.status).toBe(200)
    const body = z.parse(fungiblePriceResponseSchema, await response.json())
    expect(body.fungibles.map(({ symbol, price }) => ({ symbol, price }))).toEqual([
      { symbol: 'LTT', price: TEST_PRICES.LTT },
      { symbol: 'ETH', price: TEST_PRICES.ETH },
    ])
    const unsupported = await post(server, `/v1/fungible/price?projectId=${id()}`, {
      projectId: id(),
      currency: 'usd',
      addresses: [`eip155:1:${devnetContractAddresses.testToken}`],
    })
    expect(unsupported.status).toBe(400)
    expect(z.parse(apiErrorSchema, await unsupported.json()).issues?.[0]?.path).toEqual([
      'addresses',
      0,
    ])
  })

  it('answers any malformed address, chain id or cursor with a 400 and its issues, never a 500', async () => {
    const server = await suite.server(chain.config, { indexer: false })
    const account = devnetAccounts[3]!.address
    const junk = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefxX:_-=+/'), maxLength: 60 }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('balance', 'history', 'nfts', 'identity'),
        fc.constantFrom('address', 'chainId', 'cursor'),
        junk,
        async (route, field, value) => {
          const bad = encodeURIComponent(value)
          const address = field === 'address' ? bad : account
          const chainId = field === 'chainId' ? bad : chain.caip
          const cursor = field === 'cursor' ? `&cursor=${bad}` : ''
          const paths = {
            balance: `/v1/account/${address}/balance?projectId=${id()}&currency=usd&chainId=${chainId}`,
            history: `/v1/account/${address}/history?projectId=${id()}&chainId=${chainId}${cursor}`,
            nfts: `/v1/account/${address}/nfts?projectId=${id()}&chainId=${chainId}${cursor}`,
            identity: `/v1/identity/${address}?projectId=${id()}&chainId=${chainId}`,
          }
          const response = await get(server, paths[route])
          if (response.status === 200) return
          expect([400, 404]).toContain(response.status)
          const body = z.parse(apiErrorSchema, await response.json())
          if (response.status === 400) expect(body.issues?.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 80 },
    )
  })
})
