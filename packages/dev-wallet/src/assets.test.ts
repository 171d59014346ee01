import { BYTES32_TOKEN, TEST_TOKEN, type Devnet } from '@latch/devnet'
import { createPublicClient, erc20Abi, http, numberToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevWallet } from './provider.js'
import { devnetWalletConfig, startTestDevnet } from './test/devnet.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

async function connectedWallet() {
  const { testToken, bytes32Token } = devnet.contracts[31337]!
  const dev = createDevWallet(
    devnetWalletConfig(devnet, { assets: { 31337: [testToken, bytes32Token] } }),
  )
  await dev.provider.request({ method: 'eth_requestAccounts' })
  return dev
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

describe('wallet_getAssets', () => {
  it('reports native and configured ERC-20 balances as hex, with metadata read from the chain', async () => {
    const { provider } = await connectedWallet()
    const account = devnet.accounts[0]!.address
    const { testToken, bytes32Token } = devnet.contracts[31337]!
    const [clientA, clientB] = devnet.chains.map((chain) =>
      createPublicClient({ transport: http(chain.rpcUrl) }),
    )
    const tokenBalance = await clientA!.readContract({
      address: testToken,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account],
    })
    expect(tokenBalance).toBeGreaterThan(0n)

    const assets = await provider.request({ method: 'wallet_getAssets', params: [{ account }] })
    expect(assets).toEqual({
      '0x7a69': [
        {
          address: 'native',
          balance: numberToHex(await clientA!.getBalance({ address: account })),
          type: 'native',
          metadata: ether,
        },
        {
          address: testToken,
          balance: numberToHex(tokenBalance),
          type: 'erc20',
          metadata: { name: TEST_TOKEN.name, symbol: TEST_TOKEN.symbol, decimals: 18 },
        },
        {
          address: bytes32Token,
          balance: numberToHex(tokenBalance),
          type: 'erc20',
          // The symbol and name are bytes32 on this token: the fallback reads them.
          metadata: { name: BYTES32_TOKEN.name, symbol: BYTES32_TOKEN.symbol, decimals: 18 },
        },
      ],
      '0x7a6a': [
        {
          address: 'native',
          balance: numberToHex(await clientB!.getBalance({ address: account })),
          type: 'native',
          metadata: ether,
        },
      ],
    })
  })

  it('applies chainFilter and assetTypeFilter, and assetFilter over both', async () => {
    const { provider } = await connectedWallet()
    const account = devnet.accounts[0]!.address
    const { testToken } = devnet.contracts[31337]!
    const get = (filters: object) =>
      provider.request({
        method: 'wallet_getAssets',
        params: [{ account, ...filters }],
      }) as Promise<Record<string, { address: string; type: string }[]>>

    expect(Object.keys(await get({ chainFilter: ['0x7a6a'] }))).toEqual(['0x7a6a'])
    const erc20Only = await get({ assetTypeFilter: ['ERC20'] })
    expect(Object.keys(erc20Only)).toEqual(['0x7a69'])
    expect(erc20Only['0x7a69']!.every((asset) => asset.type === 'erc20')).toBe(true)

    // An asset filter names exactly what comes back, even a token the wallet was not given.
    const filtered = await get({
      assetFilter: { '0x7a6a': [{ address: testToken, type: 'erc20' }] },
      chainFilter: ['0x7a69'],
    })
    expect(Object.keys(filtered)).toEqual(['0x7a6a'])
    expect(filtered['0x7a6a']).toMatchObject([{ address: testToken, type: 'erc20' }])
  })

  it('leaves out a configured address that is not a token, and refuses other accounts (4100)', async () => {
    const account = devnet.accounts[0]!.address
    const dev = createDevWallet(
      devnetWalletConfig(devnet, { assets: { 31337: [devnet.accounts[5]!.address] } }),
    )
    await dev.provider.request({ method: 'eth_requestAccounts' })
    const assets = (await dev.provider.request({
      method: 'wallet_getAssets',
      params: [{ account }],
    })) as Record<string, unknown[]>
    expect(assets['0x7a69']).toHaveLength(1)
    await expect(
      dev.provider.request({
        method: 'wallet_getAssets',
        params: [{ account: devnet.accounts[9]!.address }],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      dev.provider.request({ method: 'wallet_getAssets', params: [{ account: 'me' }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})
