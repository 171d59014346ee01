import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import type { TokenBalance } from '../balances/token-balance.js'
import type { CaipAddress } from '../identifiers/types.js'
import { selectActivity } from '../machines/account-data.selectors.js'
import { defineNetwork } from '../network/network.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { startFakeLatchServer, type FakeLatchServer } from '../test/fake-latch-server.js'
import { devnetA } from '../testing/networks.js'
import { createLatch } from './create-latch.js'

/*
 * The account's data through `createLatch` and no view at all (a host without React): the
 * balance machine's token list (wallet → server → RPC), the identity in the account data, and
 * the Account route's tabs, against a real local HTTP server standing in for packages/server.
 */

let server: FakeLatchServer
beforeAll(async () => {
  server = await startFakeLatchServer()
})
afterAll(() => server.close())

const wallet = fakeWallet('io.dev', { balance: 2n * 10n ** 18n })
const owner = wallet.accounts[0]!.address
const chain = devnetA.caipNetworkId
const token: CaipAddress = `${chain}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
const serverBalances = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: chain,
    value: 6000,
    price: 3000,
    quantity: { decimals: '18', numeric: '2' },
    iconUrl: '',
  },
  {
    name: 'Test Token',
    symbol: 'TT',
    chainId: chain,
    address: token,
    value: 10,
    price: 1,
    quantity: { decimals: '18', numeric: '10' },
    iconUrl: '',
  },
  // SPEC §4: a zero-decimal token is never listed.
  {
    name: 'Points',
    symbol: 'PTS',
    chainId: chain,
    address: `${chain}:0x00000000000000000000000000000000000000aa`,
    price: 0,
    quantity: { decimals: '0', numeric: '5' },
    iconUrl: '',
  },
]
const history = {
  data: [
    {
      id: 't1',
      metadata: {
        operationType: 'send',
        hash: '0x' + '1'.repeat(64),
        minedAt: '2026-01-01T00:00:00.000Z',
        sentFrom: owner,
        sentTo: owner,
        status: 'confirmed',
        nonce: 1,
        chain,
      },
      transfers: [{ direction: 'self', quantity: { numeric: '1' } }],
    },
  ],
  next: null,
}

beforeEach(() => {
  server.received.length = 0
  server.answer('/appkit/v1/config', { status: 200, body: { features: [] } })
  server.answer('/v1/supported-chains', { status: 200, body: { http: [chain], ws: [] } })
  server.answer(`/v1/account/${owner}/balance`, {
    status: 200,
    body: { balances: serverBalances },
  })
  server.answer(`/v1/account/${owner}/history`, { status: 200, body: history })
  server.answer(`/v1/identity/${owner}`, {
    status: 200,
    body: { name: 'alice.eth', avatar: 'https://a.example/a.png' },
  })
})

async function connected(options: { networks?: (typeof devnetA)[]; tokens?: TokenBalance[] } = {}) {
  const fake = createFakeAdapter('eip155', [{ ...wallet, knownChains: new Set(['31337']) }])
  if (options.tokens) fake.adapter.getTokenBalances = async () => options.tokens!
  const latch = createLatch(
    {
      projectId: 'demo',
      networks: options.networks ?? [devnetA],
      adapters: [fake.adapter],
      serverUrl: server.url,
    },
    { storage: createMemoryStorage(), clearBrowserData: async () => undefined },
  )
  await latch.connect({ connectorId: 'io.dev' })
  const data = () => latch.connection.getSnapshot().context.accountData.eip155
  // Testnets list no tokens (SPEC §9): the native balance is the one answer every target gets.
  const tokensRead = (options.networks ?? [devnetA]).every((n) => !n.testnet)
  await waitFor(latch.connection, (s) =>
    tokensRead
      ? s.context.accountData.eip155?.tokenBalance !== undefined
      : s.context.accountData.eip155?.balance !== undefined,
  )
  return { latch, fake, data }
}
const paths = () => server.received.map((r) => r.path)

describe('account data: tokens (SPEC §4 wallet → server → RPC)', () => {
  it("lists the server's portfolio without zero-decimal tokens, beside the RPC's native balance", async () => {
    const { data, latch } = await connected()
    expect(data()?.tokenBalance?.map((t) => t.symbol)).toEqual(['ETH', 'TT'])
    expect(data()?.tokenBalance?.[1]).toMatchObject({ address: token, value: 10, price: 1 })
    expect(data()?.balance).toBe('2')
    latch.destroy()
  })

  it("takes the wallet's own asset discovery first, priced and completed by the server", async () => {
    const fromWallet: TokenBalance[] = [
      {
        name: 'Wallet Token',
        symbol: 'WT',
        chainId: chain,
        address: `${chain}:0x${'7'.repeat(40)}`,
        quantity: { decimals: '6', numeric: '1' },
      },
      // The server prices this one: the wallet's quantity (4), the server's price (1).
      {
        name: 'Test Token',
        symbol: 'TT',
        chainId: chain,
        address: token,
        quantity: { decimals: '18', numeric: '4' },
      },
    ]
    const { data, latch } = await connected({ tokens: fromWallet })
    expect(data()?.tokenBalance?.map((t) => [t.symbol, t.quantity.numeric, t.value])).toEqual([
      ['WT', '1', undefined],
      ['TT', '4', 4],
      // The server's other tokens follow; its zero-decimal one is still dropped (SPEC §4).
      ['ETH', '2', 6000],
    ])
    expect(paths()).toContain(`/v1/account/${owner}/balance`)
    latch.destroy()
  })

  it('falls back to the RPC when the server cannot answer: the native balance, no tokens', async () => {
    server.answer(`/v1/account/${owner}/balance`, { status: 503, body: { error: 'down' } })
    const { data, latch } = await connected()
    expect(data()?.tokenBalance).toEqual([])
    expect(data()?.balance).toBe('2')
    latch.destroy()
  })
})

describe('account data: the server comes back', () => {
  it('lists the tokens again when the Account view is next shown', async () => {
    server.answer(`/v1/account/${owner}/balance`, { status: 503, body: { error: 'down' } })
    const { data, latch, fake } = await connected()
    expect(data()?.tokenBalance).toEqual([])
    server.answer(`/v1/account/${owner}/balance`, {
      status: 200,
      body: { balances: serverBalances },
    })
    latch.open({ route: { view: 'Account' } })
    await waitFor(latch.connection, (s) => !!s.context.accountData.eip155?.tokenBalance?.length)
    expect(data()?.tokenBalance?.map((t) => t.symbol)).toEqual(['ETH', 'TT'])
    // The native balance came from the 30 s cache: no second read, no loading state.
    expect(data()?.balanceLoading).toBe(false)
    expect(fake.calls.filter((call) => call.startsWith('balance:'))).toHaveLength(1)
    latch.destroy()
  })
})

describe('account data: identity (SPEC §7)', () => {
  it('stores the name and avatar for the EVM account on a non-test network', async () => {
    const { data, latch } = await connected()
    await waitFor(latch.connection, (s) => s.context.accountData.eip155?.profileName !== undefined)
    expect(data()).toMatchObject({
      profileName: 'alice.eth',
      profileImage: 'https://a.example/a.png',
    })
    latch.destroy()
  })

  it('makes no lookup on a testnet', async () => {
    const testnet = defineNetwork({ ...devnetA, testnet: true })
    const { data, latch } = await connected({ networks: [testnet] })
    await flush()
    expect(paths()).not.toContain(`/v1/identity/${owner}`)
    expect(data()).toMatchObject({ balance: '0.00', profileName: undefined })
    latch.destroy()
  })
})

describe('account data: the Account route starts the tabs (no view drawn)', () => {
  it('reads Activity once its tab is picked on the open Account view, and stops on close', async () => {
    const { latch } = await connected()
    latch.open({ route: { view: 'Account' } })
    latch.accountData.send({ type: 'SELECT_TAB', tab: 'activity' })
    await waitFor(latch.accountData, (s) => selectActivity(s).status === 'ready')
    expect(selectActivity(latch.accountData.getSnapshot()).items.map((t) => t.id)).toEqual(['t1'])
    expect(server.received.find((r) => r.path.endsWith('/history'))?.query).toMatchObject({
      chainId: chain,
    })
    latch.close()
    await flush()
    expect(latch.accountData.getSnapshot().value).toBe('hidden')
    latch.destroy()
  })

  it("toasts 'Failed to fetch transactions' and shows an empty list when the history fails", async () => {
    server.answer(`/v1/account/${owner}/history`, { status: 500, body: { error: 'x' } })
    const { latch } = await connected()
    latch.accountData.send({ type: 'SELECT_TAB', tab: 'activity' })
    latch.open({ route: { view: 'Account' } })
    await waitFor(latch.accountData, (s) => selectActivity(s).status === 'failed')
    await waitFor(latch.toast, (s) => s.context.toast !== undefined)
    expect(latch.toast.getSnapshot().context.toast).toMatchObject({
      code: 'FAILED_TO_FETCH_TRANSACTIONS',
      message: 'Failed to fetch transactions',
      variant: 'error',
    })
    expect(selectActivity(latch.accountData.getSnapshot()).items).toEqual([])
    latch.destroy()
  })
})
