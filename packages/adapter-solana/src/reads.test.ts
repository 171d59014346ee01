import './test/window.js'
import type { Network } from '@latch/core'
import {
  LAMPORTS_PER_SOL,
  SOLANA_DEVNET_ACCOUNT_BALANCE_SOL,
  solanaDevnetNetwork,
  startSolanaDevnet,
  type SolanaDevnet,
} from '@latch/solana-devnet'
import { address, createSolanaRpc } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaAdapter } from './index.js'

let devnet: SolanaDevnet
let network: Network
beforeAll(async () => {
  devnet = await startSolanaDevnet()
  network = solanaDevnetNetwork(devnet)
})
afterAll(() => devnet.stop())

describe('balances on the local chain', () => {
  it('reads SOL as exact lamports with 9 decimals', async () => {
    const holder = devnet.accounts[1]!.address
    const balance = await solanaAdapter().getBalance({ address: holder, network })
    expect(balance).toEqual({
      value: BigInt(SOLANA_DEVNET_ACCOUNT_BALANCE_SOL) * LAMPORTS_PER_SOL,
      decimals: 9,
      symbol: 'SOL',
    })
    // The same figure kit's own client reads.
    const direct = await createSolanaRpc(devnet.rpcUrl).getBalance(address(holder)).send()
    expect(balance.value).toBe(direct.value)
  })

  it('lists SPL Token and Token-2022 holdings, each exact, named by the host', async () => {
    const holder = devnet.accounts[2]!.address
    const adapter = solanaAdapter({
      knownTokens: { [devnet.mint.address]: { name: 'Latch Test Token', symbol: 'LTT' } },
    })
    const tokens = await adapter.getTokenBalances({ connectorId: 'any', address: holder, network })
    const byMint = Object.fromEntries(tokens.map((token) => [token.address, token]))
    expect(tokens).toHaveLength(2)
    expect(byMint[`solana:localnet:${devnet.mint.address}`]).toEqual({
      name: 'Latch Test Token',
      symbol: 'LTT',
      chainId: 'solana:localnet',
      address: `solana:localnet:${devnet.mint.address}`,
      quantity: { decimals: String(devnet.mint.decimals), numeric: '1000000' },
    })
    expect(byMint[`solana:localnet:${devnet.token2022Mint.address}`]).toEqual({
      name: devnet.token2022Mint.address,
      symbol: devnet.token2022Mint.address,
      chainId: 'solana:localnet',
      address: `solana:localnet:${devnet.token2022Mint.address}`,
      quantity: { decimals: String(devnet.token2022Mint.decimals), numeric: '1000000' },
    })
  })

  it('lists no tokens for an account that holds none', async () => {
    const holder = devnet.accounts[4]!.address
    const tokens = await solanaAdapter().getTokenBalances({
      connectorId: 'any',
      address: holder,
      network,
    })
    expect(tokens).toEqual([])
  })

  it('refuses an address that is not base58 of 32 to 44 characters, asking no RPC', async () => {
    const offline = { ...network, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } }
    for (const bad of ['0x' + 'ab'.repeat(20), 'short', 'O'.repeat(40)]) {
      await expect(solanaAdapter().getBalance({ address: bad, network: offline })).rejects.toThrow(
        'Invalid CAIP Address',
      )
    }
  })

  it('refuses a network of another namespace', async () => {
    const evm = { ...network, chainNamespace: 'eip155', caipNetworkId: 'eip155:1' } as Network
    await expect(
      solanaAdapter().getBalance({ address: devnet.accounts[1]!.address, network: evm }),
    ).rejects.toThrow('Chain is not supported')
  })

  it('estimates no gas: Solana has none (SPEC §5)', async () => {
    const [from, to] = [devnet.accounts[1]!.address, devnet.accounts[2]!.address]
    await expect(
      solanaAdapter().estimateGas({ connectorId: 'any', network, from, to, value: 1n }),
    ).resolves.toBe(0n)
  })
})
