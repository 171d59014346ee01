import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatEther, getAddress } from 'viem'
import { startDevnet, type Devnet } from '@latch/devnet'
import {
  connectDevWallet,
  DEV_WALLET_RDNS,
  startHarness,
  until,
  type Harness,
} from './test/devnet-harness.js'

// One devnet for the file (no test here changes the chain: no sends); each test gets its own
// wallet, adapter and Latch instance on it, connects if its step needs it, and passes alone and
// in any order.
let devnet: Devnet
let h: Harness
beforeAll(async () => {
  devnet = await startDevnet({ env: {} })
})
afterAll(async () => {
  await devnet?.stop()
})
beforeEach(async () => {
  h = await startHarness(devnet)
})
afterEach(async () => {
  await h?.stop()
})

describe('EVM adapter against the devnet: connecting', () => {
  it('discovers the dev wallet over EIP-6963', () => {
    const connectors = h.latch.actor.getSnapshot().context.connectors.eip155 ?? []
    expect(connectors).toEqual([
      expect.objectContaining({
        id: DEV_WALLET_RDNS,
        type: 'ANNOUNCED',
        name: 'Latch Dev Wallet',
        rdns: DEV_WALLET_RDNS,
      }),
    ])
    expect(connectors[0]?.imageUrl).toMatch(/^data:image\/svg\+xml/)
  })

  it('connects the dev wallet: the host sees its first account on chain A', async () => {
    const address = await connectDevWallet(h)
    expect(address).toBe(getAddress(h.devnet.accounts[0]!.address))
    expect(h.latch.getAccount().caipAddress).toBe(`eip155:31337:${address}`)
  })

  it('reads the native balance from the chain', async () => {
    const address = await connectDevWallet(h)
    const balance = await h.adapter.getBalance({ address, network: h.networks[0] })
    expect(balance.value).toBe(await h.chainA.getBalance({ address: address as `0x${string}` }))
    expect(balance.symbol).toBe('ETH')
    expect(Number(formatEther(balance.value))).toBeGreaterThan(9_000)
  })

  it('reads ERC-20 balances, with the bytes32 symbol fallback', async () => {
    const owner = await connectDevWallet(h)
    const contracts = h.devnet.contracts[31337]!
    const token = await h.adapter.readErc20({
      network: h.networks[0],
      token: contracts.testToken,
      owner,
    })
    expect(token).toMatchObject({
      symbol: 'LTT',
      name: 'Latch Test Token',
      decimals: 18,
      balance: 1_000_000n * 10n ** 18n,
    })
    const b32 = await h.adapter.readErc20({
      network: h.networks[0],
      token: contracts.bytes32Token,
      owner,
    })
    expect(b32.symbol).toMatch(/^[A-Z0-9]{2,8}$/)
    expect(b32.symbol).not.toContain('\u0000')
  })

  it('lists tokens through wallet_getAssets when the wallet advertises it', async () => {
    const address = await connectDevWallet(h)
    const tokens = await h.adapter.getTokenBalances({
      connectorId: DEV_WALLET_RDNS,
      network: h.networks[0],
      address,
    })
    expect(tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          symbol: 'LTT',
          quantity: { decimals: '18', numeric: '1000000' },
        }),
        expect.objectContaining({ symbol: 'ETH', chainId: 'eip155:31337' }),
      ]),
    )
    expect(tokens.find((t) => t.symbol === 'ETH')?.address).toBeUndefined()
    expect(tokens.find((t) => t.symbol === 'LTT')?.address).toBe(
      `eip155:31337:${h.devnet.contracts[31337]!.testToken}`,
    )
  })

  it('switches to chain B: the wallet answers 4902, the chain is added, the switch retried', async () => {
    await connectDevWallet(h)
    const requests: string[] = []
    const provider = h.adapter.getProvider(DEV_WALLET_RDNS)!
    const original = provider.request.bind(provider)
    provider.request = (args) => (requests.push(args.method), original(args))
    try {
      // Core confirms the switch itself (no view here), and the helper settles with it.
      await h.latch.switchNetwork(h.networks[1])
      expect(h.latch.getActiveNetwork()?.caipNetworkId).toBe('eip155:31338')
    } finally {
      provider.request = original
    }
    // Balance reads ask the wallet too (wallet_getCapabilities): only the switch calls count.
    const switchCalls = /^wallet_(switch|add)EthereumChain$/
    expect(requests.filter((m) => switchCalls.test(m))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await until(() => h.latch.getAccount().caipAddress?.startsWith('eip155:31338:') === true)
  })

  it('follows the wallet when it changes account', async () => {
    await connectDevWallet(h)
    h.wallet.selectAccount(1)
    await until(() => h.latch.getAccount().address === getAddress(h.devnet.accounts[1]!.address))
    h.wallet.selectAccount(0)
    await until(() => h.latch.getAccount().address === getAddress(h.devnet.accounts[0]!.address))
  })

  it('disconnect revokes the site: a silent reconnect then finds nothing', async () => {
    await connectDevWallet(h)
    expect(h.latch.getAccount().isConnected).toBe(true)
    await h.latch.disconnect()
    expect(h.latch.getAccount().isConnected).toBe(false)
    await expect(h.adapter.reconnect({ connectorId: DEV_WALLET_RDNS })).resolves.toBeNull()
  })
})
