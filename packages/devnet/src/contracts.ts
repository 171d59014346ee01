import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContractAddress,
  http,
  isAddressEqual,
  parseEther,
  stringToHex,
  type Address,
  type Hash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetAccounts } from './accounts.js'
import { TEST_COLLECTION } from './collection.js'
import {
  bytes32TokenArtifact,
  multicall3Artifact,
  reverterArtifact,
  testCollectionArtifact,
  testTokenArtifact,
} from './generated/artifacts.js'
import type { DevnetNetwork } from './network.js'
import { sendSeededTransfers } from './seed.js'

/** ABIs of the contracts deployed on every devnet chain, compiled from `contracts/`. */
export const testTokenAbi = testTokenArtifact.abi
export const bytes32TokenAbi = bytes32TokenArtifact.abi
export const reverterAbi = reverterArtifact.abi
export const testCollectionAbi = testCollectionArtifact.abi

/** Multicall3's canonical address, where the devnet installs it (anvil has none). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

const deployer = devnetAccounts[0]!
// Accounts 0..4 hold tokens, 5..9 none: tests get both a holder and a fresh account.
const holders = devnetAccounts.slice(0, 5).map((account) => account.address)
const amountPerHolder = parseEther('1000000')

/** The plain ERC-20: string metadata, 1,000,000 LTT to each of accounts 0..4. */
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

/** Where the devnet's contracts live on one chain. */
export interface DevnetContracts {
  readonly testToken: Address
  readonly bytes32Token: Address
  readonly reverter: Address
  /** The ERC-721 collection ({@link TEST_COLLECTION}). */
  readonly testCollection: Address
  /** Multicall3, installed as code at its canonical address. */
  readonly multicall3: Address
}

/**
 * The contracts' addresses, the same on every devnet chain: each chain starts fresh and account 0
 * deploys them in this order, at nonces 0, 1 and 2.
 */
export const devnetContractAddresses: DevnetContracts = Object.freeze({
  testToken: getContractAddress({ from: deployer.address, nonce: 0n }),
  bytes32Token: getContractAddress({ from: deployer.address, nonce: 1n }),
  reverter: getContractAddress({ from: deployer.address, nonce: 2n }),
  testCollection: getContractAddress({ from: deployer.address, nonce: 3n }),
  multicall3: MULTICALL3_ADDRESS,
})

/**
 * Deploys TestToken, Bytes32Token, Reverter and TestCollection from account 0 on a fresh devnet
 * chain, installs Multicall3, and sends the seeded LTT transfers (see seed.ts).
 * @throws Error when a deployment fails or lands anywhere but {@link devnetContractAddresses}.
 */
export async function deployDevnetContracts(chain: DevnetNetwork): Promise<DevnetContracts> {
  const transport = http(chain.rpcUrls.default.http[0], { retryCount: 0 })
  const account = privateKeyToAccount(deployer.privateKey)
  const wallet = createWalletClient({ account, chain, transport })
  const client = createPublicClient({ chain, transport, pollingInterval: 20 })

  // Sent one by one with explicit nonces (cheap on a local node), then awaited together.
  // Not a transaction: runtime code at the canonical address, as on chains that have it.
  await createTestClient({ mode: 'anvil', chain, transport }).setCode({
    address: MULTICALL3_ADDRESS,
    bytecode: multicall3Artifact.deployedBytecode,
  })
  const hashes: Record<Exclude<keyof DevnetContracts, 'multicall3'>, Hash> = {
    testToken: await wallet.deployContract({
      ...testTokenArtifact,
      args: [TEST_TOKEN.name, TEST_TOKEN.symbol, holders, amountPerHolder],
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

  await Promise.all(
    Object.entries(hashes).map(async ([contract, hash]) => {
      const receipt = await client.waitForTransactionReceipt({ hash })
      const expected = devnetContractAddresses[contract as keyof typeof hashes]
      if (receipt.status !== 'success' || !receipt.contractAddress) {
        throw new Error(`Deploying ${contract} on chain ${chain.id} failed (tx ${hash})`)
      }
      if (!isAddressEqual(receipt.contractAddress, expected)) {
        throw new Error(
          `${contract} landed at ${receipt.contractAddress} on chain ${chain.id}, not ${expected}`,
        )
      }
    }),
  )
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
  await Promise.all(
    seeded.map(async (hash) => {
      const receipt = await client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success') {
        throw new Error(`A seeded transfer on chain ${chain.id} failed (tx ${hash})`)
      }
    }),
  )
  return devnetContractAddresses
}
