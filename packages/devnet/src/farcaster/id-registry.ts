// Farcaster's IdRegistry on the devnet (issue 12): "Sign in with Farcaster" checks that a message's
// signer is the custody address of the fid it names, on a real chain. The devnet installs a
// minimal IdRegistry (contracts/IdRegistry.sol) at the canonical OP mainnet address, so
// @farcaster/auth-client's own viem connector, pointed at a devnet RPC URL, reads it unchanged.
//
// Only viem and the compiled artifact: this module runs in a browser too (the playground's page
// standing in for the phone registers its own custody key).
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  type Address,
  type LocalAccount,
} from 'viem'
import { idRegistryArtifact } from '../generated/artifacts.js'

/** Farcaster's IdRegistry on OP mainnet, where the devnet installs its own. */
export const FARCASTER_ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** The devnet IdRegistry's ABI: `idOf`, `custodyOf`, `idCounter`, `register()`. */
export const idRegistryAbi = idRegistryArtifact.abi

/** What a custody key needs for one `register()` on the devnet, with room to spare. */
const REGISTRATION_FUNDS = parseEther('0.01')

const transportOf = (rpcUrl: string) => http(rpcUrl, { retryCount: 0 })

/**
 * Installs the IdRegistry's runtime code at {@link FARCASTER_ID_REGISTRY_ADDRESS} on an anvil
 * chain. The runtime code is what the creation code returns, computed by the chain itself (an
 * `eth_call` without a target), so no bytecode is pasted anywhere. Installing again keeps the
 * registrations (storage stays). No transaction: no account's nonce moves.
 * @throws Error when the chain is not anvil or the creation code fails.
 */
export async function installIdRegistry(rpcUrl: string): Promise<void> {
  const transport = transportOf(rpcUrl)
  const { data } = await createPublicClient({ transport }).call({
    data: idRegistryArtifact.bytecode,
  })
  if (data === undefined || data === '0x')
    throw new Error('IdRegistry creation code returned no code')
  await createTestClient({ mode: 'anvil', transport }).setCode({
    address: FARCASTER_ID_REGISTRY_ADDRESS,
    bytecode: data,
  })
}

/**
 * The fid a custody address holds on the devnet's IdRegistry; 0 for none.
 * @throws Error when the registry is not installed on that chain.
 */
export async function fidOf(rpcUrl: string, custody: Address): Promise<bigint> {
  return createPublicClient({ transport: transportOf(rpcUrl) }).readContract({
    address: FARCASTER_ID_REGISTRY_ADDRESS,
    abi: idRegistryAbi,
    functionName: 'idOf',
    args: [custody],
  })
}

/**
 * Registers `custody` as the custody address of a new fid on the devnet's IdRegistry, as a
 * person does once for their Farcaster account: the key sends `register()` itself. A key without
 * ether gets just enough for that first (anvil_setBalance), so any fresh key can be a custody key
 * and no shared account's nonce is touched.
 * @returns the new fid.
 * @throws Error when the key already holds an fid (`HasId`) or the registry is not installed.
 */
export async function registerFid(rpcUrl: string, custody: LocalAccount): Promise<bigint> {
  const transport = transportOf(rpcUrl)
  const client = createPublicClient({ transport, pollingInterval: 20 })
  const balance = await client.getBalance({ address: custody.address })
  if (balance < REGISTRATION_FUNDS) {
    await createTestClient({ mode: 'anvil', transport }).setBalance({
      address: custody.address,
      value: balance + REGISTRATION_FUNDS,
    })
  }
  const wallet = createWalletClient({ account: custody, transport })
  const { request } = await client.simulateContract({
    account: custody,
    address: FARCASTER_ID_REGISTRY_ADDRESS,
    abi: idRegistryAbi,
    functionName: 'register',
  })
  const hash = await wallet.writeContract({ ...request, chain: null })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`IdRegistry.register() failed (tx ${hash})`)
  return fidOf(rpcUrl, custody.address)
}
