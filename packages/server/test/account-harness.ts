import {
  BYTES32_TOKEN,
  TEST_TOKEN,
  devnetAccounts,
  devnetContractAddresses,
  devnetNetwork,
  startDevnet,
  type Devnet,
} from '@latch/devnet'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  type Address,
  type Hash,
  type PublicClient,
  type TestClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll } from 'vitest'
import type { ServerConfig } from '../src/config/schema.js'
import { testConfig } from './harness.js'

/** The USD prices the account tests configure. */
export const TEST_PRICES = { ETH: 3000, LTT: 2 }

/** A test's own devnet chain and what drives it. */
export interface TestChain {
  devnet: Devnet
  caip: string
  chainId: number
  config: ServerConfig
  client: PublicClient
  tester: TestClient<'anvil'>
  send(from: number, to: Address, amount: bigint, token?: Address | 'native'): Promise<Hash>
  stop(): Promise<void>
}

let nextChainId = 41_000 + (process.pid % 1_000) * 10

/**
 * A one-chain devnet of its own (a chain id no other test of the run uses, so tests sharing a
 * database never share indexer rows or cache keys), with clients and a server configuration:
 * the chain, its ETH, LTT and B32, static prices, and the given indexer settings.
 */
export async function startTestChain(indexer: Record<string, unknown> = {}): Promise<TestChain> {
  const chainId = nextChainId++
  const devnet: Devnet = await startDevnet({ chains: [{ chainId }] })
  const chain = devnet.chains[0]!
  const network = devnetNetwork(chain)
  const transport = http(chain.rpcUrl)
  const caip = `eip155:${chainId}`
  const config: ServerConfig = testConfig(
    {},
    {
      chains: [{ caipNetworkId: caip, rpcUrls: [chain.rpcUrl] }],
      tokens: [
        { caipNetworkId: caip, address: 'native', symbol: 'ETH', name: 'Ether', decimals: 18 },
        {
          caipNetworkId: caip,
          address: devnetContractAddresses.testToken,
          symbol: TEST_TOKEN.symbol,
          name: TEST_TOKEN.name,
          decimals: TEST_TOKEN.decimals,
        },
      ],
      prices: { kind: 'static', usd: TEST_PRICES },
      indexer: { enabled: false, pollIntervalMs: 50, batchBlocks: 5, ...indexer },
    },
  )
  const client: PublicClient = createPublicClient({ transport, pollingInterval: 20 })
  const tester: TestClient<'anvil'> = createTestClient({ mode: 'anvil', transport })
  /** Sends `amount` of LTT (or ETH with `token: 'native'`) from account `from` to `to`. */
  const send = async (
    from: number,
    to: Address,
    amount: bigint,
    token: Address | 'native' = devnetContractAddresses.testToken,
  ): Promise<Hash> => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(devnetAccounts[from]!.privateKey),
      chain: network,
      transport,
    })
    const hash =
      token === 'native'
        ? await wallet.sendTransaction({ to, value: amount })
        : await wallet.writeContract({
            address: token,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, amount],
          })
    await client.waitForTransactionReceipt({ hash })
    return hash
  }
  return { devnet, caip, chainId, config, client, tester, send, stop: () => devnet.stop() }
}

/** One chain for a whole suite: started before its tests, stopped after; read it inside tests. */
export function suiteTestChain(): () => TestChain {
  let chain: TestChain | undefined
  beforeAll(async () => {
    chain = await startTestChain()
  })
  afterAll(async () => {
    await chain?.stop()
  })
  return () => {
    if (!chain) throw new Error('the suite chain is not started yet')
    return chain
  }
}

export { BYTES32_TOKEN, TEST_TOKEN, devnetAccounts, devnetContractAddresses }
