import { createPublicClient, http, parseEther, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts.js'
import { startDevnet, type Devnet } from '../devnet.js'
import {
  FARCASTER_ID_REGISTRY_ADDRESS,
  fidOf,
  idRegistryAbi,
  installIdRegistry,
  registerFid,
} from './id-registry.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337 }, { chainId: 31338 }], env: {} })
})
afterAll(() => devnet?.stop())

const rpcUrl = (index = 0) => devnet.chains[index]!.rpcUrl
const freshKey = () => privateKeyToAccount(generatePrivateKey())
const read = (functionName: 'custodyOf', fid: bigint, index = 0) =>
  createPublicClient({ transport: http(rpcUrl(index)) }).readContract({
    address: FARCASTER_ID_REGISTRY_ADDRESS,
    abi: idRegistryAbi,
    functionName,
    args: [fid],
  })

it('is installed at the canonical address on every devnet chain', async () => {
  for (const chain of devnet.chains) {
    const code = await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({
      address: FARCASTER_ID_REGISTRY_ADDRESS,
    })
    expect(code?.length ?? 0).toBeGreaterThan(2)
  }
})

it('registers a fresh key as the custody address of the next fid, both ways round', async () => {
  const first = freshKey()
  const second = freshKey()
  const fid = await registerFid(rpcUrl(), first)
  expect(fid).toBeGreaterThan(0n)
  expect(await registerFid(rpcUrl(), second)).toBe(fid + 1n)
  expect(await fidOf(rpcUrl(), first.address)).toBe(fid)
  expect(await read('custodyOf', fid)).toBe(first.address)
  expect(await read('custodyOf', fid + 1n)).toBe(second.address)
})

it('knows no fid for an unregistered key, and no custody for an unknown fid', async () => {
  expect(await fidOf(rpcUrl(), freshKey().address)).toBe(0n)
  expect(await read('custodyOf', 1_000_000n)).toBe(zeroAddress)
})

it('refuses a second fid for one custody address', async () => {
  const key = freshKey()
  await registerFid(rpcUrl(), key)
  await expect(registerFid(rpcUrl(), key)).rejects.toThrow(/HasId|reverted/)
})

it("keeps each chain's registrations apart", async () => {
  const key = freshKey()
  await registerFid(rpcUrl(1), key)
  expect(await fidOf(rpcUrl(0), key.address)).toBe(0n)
  expect(await fidOf(rpcUrl(1), key.address)).toBeGreaterThan(0n)
})

it("tops up a funded account's balance instead of replacing it", async () => {
  const funded = privateKeyToAccount(devnetAccounts[9]!.privateKey)
  const client = createPublicClient({ transport: http(rpcUrl()) })
  await registerFid(rpcUrl(), funded)
  expect(await client.getBalance({ address: funded.address })).toBeGreaterThan(parseEther('9000'))
})

it('keeps the registrations when installed again', async () => {
  const key = freshKey()
  const fid = await registerFid(rpcUrl(), key)
  await installIdRegistry(rpcUrl())
  expect(await fidOf(rpcUrl(), key.address)).toBe(fid)
})
