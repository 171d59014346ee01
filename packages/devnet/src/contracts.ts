import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContractAddress,
  http,
  parseEther,
  stringToHex,
  type Address,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVNET_LIQUIDITY_ACCOUNT, devnetAccounts, devnetTokenHolders } from './accounts.js'
import { TEST_COLLECTION } from './collection.js'
import {
  bytes32TokenArtifact,
  multicall3Artifact,
  reverterArtifact,
  testCollectionArtifact,
  testTokenArtifact,
} from './generated/artifacts.js'
import type { DevnetNetwork } from './network.js'
import { awaitDeployments, awaitSuccess } from './receipts.js'
import { sendSeededTransfers } from './seed.js'
import {
  deploySwapContracts,
  lttLiquidityMints,
  swapContractAddresses,
  type DevnetSwapContracts,
  type LiquidityWallet,
} from './uniswap.js'

/** ABIs of the contracts deployed on every devnet chain, compiled from `contracts/`. */
export const testTokenAbi = testTokenArtifact.abi
export const bytes32TokenAbi = bytes32TokenArtifact.abi
export const reverterAbi = reverterArtifact.abi
export const testCollectionAbi = testCollectionArtifact.abi

/** Multicall3's canonical address, where the devnet installs it (anvil has none). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

const deployer = devnetAccounts[0]!
const holders = devnetTokenHolders
const amountPerHolder = parseEther('1000000')

/**
 * The plain ERC-20: string metadata, 1,000,000 LTT to each of accounts 0..4. Its supply is
 * larger than theirs: the liquidity account also gets the LTT of the swap pools (uniswap.ts).
 */
export const TEST_TOKEN = {
  name: 'Latch Test Token',
  symbol: 'LTT',
  decimals: 18,
  holders,
  amountPerHolder,
} as const

/** The MKR-like ERC-20 whose `name()` and `symbol()` are bytes32; same holders and amounts. */
export const BYTES32_TOKEN = {
  name: 'Latch Bytes32 Token',
  symbol: 'B32',
  decimals: 18,
  holders,
  amountPerHolder,
} as const

/** The reason string `Reverter.revertWithReason()` reverts with. */
export const REVERTER_REASON = 'Latch: always reverts'

/** Where the devnet's contracts live on one chain: the test contracts, then the swap ones. */
export interface DevnetContracts extends DevnetSwapContracts {
  readonly testToken: Address
  readonly bytes32Token: Address
  readonly reverter: Address
  /** The ERC-721 collection ({@link TEST_COLLECTION}). */
  readonly testCollection: Address
  /** Multicall3, installed as code at its canonical address. */
  readonly multicall3: Address
}

const testToken = getContractAddress({ from: deployer.address, nonce: 0n })

/**
 * The contracts' addresses, the same on every devnet chain: each chain starts fresh and account 0
 * deploys the test contracts in this order, at nonces 0 to 3; the swap contracts come from the
 * liquidity account (see {@link swapContractAddresses}).
 */
export const devnetContractAddresses: DevnetContracts = Object.freeze({
  testToken,
  bytes32Token: getContractAddress({ from: deployer.address, nonce: 1n }),
  reverter: getContractAddress({ from: deployer.address, nonce: 2n }),
  testCollection: getContractAddress({ from: deployer.address, nonce: 3n }),
  multicall3: MULTICALL3_ADDRESS,
  ...swapContractAddresses(testToken),
})

/**
 * Deploys TestToken, Bytes32Token, Reverter and TestCollection from account 0 on a fresh devnet
 * chain, installs Multicall3, deploys the swap contracts from the liquidity account, then sends
 * the seeded LTT transfers (see seed.ts) and seeds the pools (see uniswap.ts).
 * @throws Error when a deployment fails or lands anywhere but {@link devnetContractAddresses}.
 */
export async function deployDevnetContracts(chain: DevnetNetwork): Promise<DevnetContracts> {
  const transport = http(chain.rpcUrls.default.http[0], { retryCount: 0 })
  const account = privateKeyToAccount(deployer.privateKey)
  const wallet = createWalletClient({ account, chain, transport })
  const client = createPublicClient({ chain, transport, pollingInterval: 20 })
  const tester = createTestClient({ mode: 'anvil', chain, transport })
  const liquidity: LiquidityWallet = createWalletClient({
    account: privateKeyToAccount(DEVNET_LIQUIDITY_ACCOUNT.privateKey),
    chain,
    transport,
  })

  // Sent one by one with explicit nonces (cheap on a local node), then awaited together.
  const sendTestDeployments = async () => {
    // Not a transaction: runtime code at the canonical address, as on chains that have it.
    await tester.setCode({
      address: MULTICALL3_ADDRESS,
      bytecode: multicall3Artifact.deployedBytecode,
    })
    return {
      testToken: await wallet.deployContract({
        ...testTokenArtifact,
        args: [
          TEST_TOKEN.name,
          TEST_TOKEN.symbol,
          [...holders, ...lttLiquidityMints(amountPerHolder)],
          amountPerHolder,
        ],
        nonce: 0,
      }),
      bytes32Token: await wallet.deployContract({
        ...bytes32TokenArtifact,
        args: [
          stringToHex(BYTES32_TOKEN.name, { size: 32 }),
          stringToHex(BYTES32_TOKEN.symbol, { size: 32 }),
          holders,
          amountPerHolder,
        ],
        nonce: 1,
      }),
      reverter: await wallet.deployContract({ ...reverterArtifact, nonce: 2 }),
      testCollection: await wallet.deployContract({
        abi: testCollectionArtifact.abi,
        bytecode: testCollectionArtifact.bytecode,
        args: [
          TEST_COLLECTION.name,
          TEST_COLLECTION.symbol,
          [...TEST_COLLECTION.owners],
          [...TEST_COLLECTION.tokenUris],
        ],
        nonce: 3,
      }),
    }
  }
  const sendSeeded = async () => {
    const seeded = await sendSeededTransfers(devnetContractAddresses.testToken, (index, call) =>
      createWalletClient({
        account: privateKeyToAccount(devnetAccounts[index]!.privateKey),
        chain,
        transport,
      }).writeContract({
        address: call.to,
        abi: call.abi,
        functionName: call.functionName,
        args: call.args,
      }),
    )
    await awaitSuccess(client, chain.id, seeded, 'A seeded transfer')
  }

  const testDeployments = sendTestDeployments()
  await Promise.all([
    testDeployments.then(async (hashes) => {
      await awaitDeployments(client, chain.id, hashes, devnetContractAddresses)
      await sendSeeded()
    }),
    // The liquidity account works alongside account 0 (different senders, no shared nonce),
    // waiting only for LTT, whose pools need it.
    deploySwapContracts({
      wallet: liquidity,
      client,
      tester,
      addresses: devnetContractAddresses,
      lttDeployed: async () => {
        const { testToken } = await testDeployments
        await client.waitForTransactionReceipt({ hash: testToken })
      },
    }),
  ])
  return devnetContractAddresses
}
