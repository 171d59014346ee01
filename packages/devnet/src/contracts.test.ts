import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  getContract,
  hexToString,
  http,
  parseEther,
  stringToHex,
  type Abi,
  type Address,
  type HttpTransport,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from './accounts.js'
import {
  BYTES32_TOKEN,
  REVERTER_REASON,
  TEST_TOKEN,
  bytes32TokenAbi,
  devnetContractAddresses,
  reverterAbi,
  testTokenAbi,
} from './contracts.js'
import { startDevnet, type Devnet, type DevnetChain } from './devnet.js'
import { devnetNetwork, type DevnetNetwork } from './network.js'
import { DEVNET_POOLS } from './uniswap.js'

const million = parseEther('1000000')
const lttInPools = DEVNET_POOLS.flatMap(({ tokens, reserves }) =>
  tokens.flatMap((token, i) => (token === 'testToken' ? [reserves[i]!] : [])),
).reduce((sum, amount) => sum + amount, 0n)
const address = (index: number) => devnetAccounts[index]!.address
// Account 4 holds tokens, 5 and 6 hold none.
const [alice, bob, carol] = [address(4), address(5), address(6)]

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const clientFor = (chain: DevnetChain) =>
  createPublicClient({ chain: devnetNetwork(chain), transport: http(chain.rpcUrl) })

const contractOn = <const abi extends Abi>(chain: DevnetChain, target: Address, abi: abi) =>
  getContract({ address: target, abi, client: clientFor(chain) })

type Wallet = WalletClient<HttpTransport, DevnetNetwork, PrivateKeyAccount>

/** Runs `body` with test account `index`'s wallet on chain A, undoing its writes afterwards. */
async function asAccount(index: number, body: (wallet: Wallet) => Promise<void>): Promise<void> {
  const chain = devnetNetwork(devnet.chains[0]!)
  const transport = http(devnet.chains[0]!.rpcUrl)
  const tester = createTestClient({ mode: 'anvil', chain, transport })
  const id = await tester.snapshot()
  try {
    const account = privateKeyToAccount(devnetAccounts[index]!.privateKey)
    await body(createWalletClient({ account, chain, transport }))
  } finally {
    await tester.revert({ id })
  }
}

describe('TestToken', () => {
  it("is 'Latch Test Token' (LTT, 18 decimals) with 1,000,000 for each of accounts 0..4", async () => {
    expect(TEST_TOKEN.holders).toEqual([0, 1, 2, 3, 4].map(address))
    for (const chain of devnet.chains) {
      const token = contractOn(chain, devnetContractAddresses.testToken, erc20Abi)
      await expect(token.read.name()).resolves.toBe('Latch Test Token')
      await expect(token.read.symbol()).resolves.toBe('LTT')
      await expect(token.read.decimals()).resolves.toBe(18)
      // The rest of the supply was minted to the liquidity account and is all in the pools.
      await expect(token.read.totalSupply()).resolves.toBe(5n * million + lttInPools)
      const balances = await Promise.all(
        devnetAccounts.map((a) => token.read.balanceOf([a.address])),
      )
      expect(balances).toEqual(devnetAccounts.map((_, index) => (index < 5 ? million : 0n)))
    }
  })

  it('transfers and spends allowances, emitting Transfer and Approval', async () => {
    const chain = devnet.chains[0]!
    const client = clientFor(chain)
    const token = contractOn(chain, devnetContractAddresses.testToken, testTokenAbi)
    const write = async (wallet: Wallet, request: Parameters<Wallet['writeContract']>[0]) => {
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract(request),
      })
      expect(receipt.status).toBe('success')
      return client.getContractEvents({ abi: testTokenAbi, blockHash: receipt.blockHash })
    }
    const tokenCall = { address: token.address, abi: testTokenAbi } as const

    await asAccount(4, async (wallet) => {
      const transfer = await write(wallet, {
        ...tokenCall,
        functionName: 'transfer',
        args: [carol, 7n],
      })
      expect(transfer.map(({ eventName, args }) => ({ eventName, args }))).toEqual([
        { eventName: 'Transfer', args: { from: alice, to: carol, value: 7n } },
      ])
      const approval = await write(wallet, {
        ...tokenCall,
        functionName: 'approve',
        args: [bob, 5n],
      })
      expect(approval.map(({ eventName, args }) => ({ eventName, args }))).toEqual([
        { eventName: 'Approval', args: { owner: alice, spender: bob, value: 5n } },
      ])
      await expect(token.read.allowance([alice, bob])).resolves.toBe(5n)
      await expect(token.read.balanceOf([alice])).resolves.toBe(million - 7n)
      await expect(token.read.balanceOf([carol])).resolves.toBe(7n)
    })
    await asAccount(5, async (wallet) => {
      const simulate = (value: bigint) =>
        client.simulateContract({
          ...tokenCall,
          account: wallet.account,
          functionName: 'transferFrom',
          args: [alice, carol, value],
        })
      // The approval above was undone with its snapshot: Bob may spend nothing.
      await expect(simulate(1n)).rejects.toThrow('ERC20: insufficient allowance')
    })
  })

  it('reverts a transfer beyond the balance with its reason', async () => {
    const token = contractOn(devnet.chains[0]!, devnetContractAddresses.testToken, testTokenAbi)
    await expect(token.simulate.transfer([alice, 1n], { account: carol })).rejects.toThrow(
      'ERC20: transfer amount exceeds balance',
    )
  })
})

describe('Bytes32Token', () => {
  it('returns name and symbol as bytes32, which a string read cannot decode', async () => {
    for (const chain of devnet.chains) {
      const asBytes32 = contractOn(chain, devnetContractAddresses.bytes32Token, bytes32TokenAbi)
      const asErc20 = contractOn(chain, devnetContractAddresses.bytes32Token, erc20Abi)
      const symbol = await asBytes32.read.symbol()
      expect(symbol).toBe(stringToHex('B32', { size: 32 }))
      expect(hexToString(symbol, { size: 32 })).toBe(BYTES32_TOKEN.symbol)
      expect(hexToString(await asBytes32.read.name(), { size: 32 })).toBe('Latch Bytes32 Token')
      await expect(asErc20.read.symbol()).rejects.toThrow(BaseError)
      await expect(asErc20.read.name()).rejects.toThrow(BaseError)
      await expect(asErc20.read.decimals()).resolves.toBe(18)
      await expect(asErc20.read.balanceOf([alice])).resolves.toBe(million)
      await expect(asErc20.read.balanceOf([bob])).resolves.toBe(0n)
    }
  })
})

describe('Reverter', () => {
  /** The revert viem decoded from a failed call to `functionName` on chain B. */
  async function revertOf(functionName: 'revertWithReason' | 'revertWithoutReason') {
    const reverter = contractOn(devnet.chains[1]!, devnetContractAddresses.reverter, reverterAbi)
    const error = await reverter.simulate[functionName]({ account: carol }).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(BaseError)
    const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError)
    expect(reverted).toBeInstanceOf(ContractFunctionRevertedError)
    return reverted as ContractFunctionRevertedError
  }

  it("reverts with the reason 'Latch: always reverts'", async () => {
    expect(REVERTER_REASON).toBe('Latch: always reverts')
    const reverted = await revertOf('revertWithReason')
    expect(reverted.reason).toBe(REVERTER_REASON)
    expect(reverted.data?.errorName).toBe('Error')
  })

  it('reverts without a reason', async () => {
    const reverted = await revertOf('revertWithoutReason')
    // No revert data at all: viem falls back to the node's generic message.
    expect(reverted.data).toBeUndefined()
    expect(reverted.reason).not.toBe(REVERTER_REASON)
  })

  it('reverts a mined transaction, not only a call', async () => {
    const client = clientFor(devnet.chains[0]!)
    await asAccount(9, async (wallet) => {
      // A fixed gas limit skips estimation, which would refuse to send a reverting call.
      const hash = await wallet.writeContract({
        address: devnetContractAddresses.reverter,
        abi: reverterAbi,
        functionName: 'revertWithReason',
        gas: 100_000n,
      })
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('reverted')
    })
  })
})
