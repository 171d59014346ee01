import { randomUUID } from 'node:crypto'
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  recoverTypedDataAddress,
  toHex,
  verifyMessage,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hitRateLimit } from '@latch/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Approver } from './approval.js'
import { CHAIN_NOT_SUPPORTED, SMART_ACCOUNTS_NOT_ENABLED } from './handlers.js'
import { NOT_ALLOWED, USER_REJECTED } from './rpc.js'
import { SOCIAL_UNKNOWN_URI } from './social.js'
import { newFrame, startWorld, type TestFrame, type World } from './test/world.js'

// RPC_REQUEST against a real anvil through the server's proxy, and every other app event.

let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => world?.stop())

async function signedIn(approve?: Approver): Promise<{ frame: TestFrame; address: Hex }> {
  const frame = await newFrame(world, approve)
  const email = `rpc-${randomUUID().slice(0, 8)}@example.test`
  await frame.call('CONNECT_EMAIL', { email })
  await frame.call('CONNECT_OTP', { otp: await world.mailbox.latestCode(email) })
  const { address } = await frame.call('GET_USER', {})
  if (!address.startsWith('0x')) throw new Error('not an EVM address')
  return { frame, address: address as Hex }
}

const typedData = {
  domain: { name: 'Latch', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
}

describe('RPC_REQUEST in the frame', () => {
  it('signs a message and typed data after approval, with the approval notices', async () => {
    const asked: string[] = []
    const { frame, address } = await signedIn(async (request) => {
      asked.push(request.method)
      return true
    })
    const signature = await frame.call('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('Hello Latch'), address],
    })
    expect(typeof signature).toBe('string')
    expect(
      await verifyMessage({ address, message: 'Hello Latch', signature: signature as Hex }),
    ).toBe(true)
    const typed = await frame.call('RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    expect(
      await recoverTypedDataAddress({ ...typedData, primaryType: 'Mail', signature: typed as Hex }),
    ).toBe(address)
    expect(asked).toEqual(['personal_sign', 'eth_signTypedData_v4'])
    expect(frame.notices.map((notice) => notice.type)).toEqual([
      'FRAME_APPROVAL_REQUESTED',
      'FRAME_APPROVAL_SETTLED',
      'FRAME_APPROVAL_REQUESTED',
      'FRAME_APPROVAL_SETTLED',
    ])
  })

  it('sends ETH on anvil through the server’s proxy once approved', async () => {
    const { frame, address } = await signedIn()
    const chain = world.devnet.chains[0]!
    const funder = privateKeyToAccount(world.devnet.accounts[0]!.privateKey)
    const funding = createWalletClient({ account: funder, transport: http(chain.rpcUrl) })
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    await reader.waitForTransactionReceipt({
      hash: await funding.sendTransaction({ to: address, value: parseEther('1'), chain: null }),
    })
    const to = world.devnet.accounts[1]!.address
    const before = await reader.getBalance({ address: to })
    const hash = await frame.call('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: toHex(parseEther('0.25')) }],
    })
    const receipt = await reader.waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect((await reader.getBalance({ address: to })) - before).toBe(parseEther('0.25'))
  })

  it('passes reads without approval, refuses a decline and a method it does not serve', async () => {
    const asked: string[] = []
    const { frame, address } = await signedIn(async (request) => {
      asked.push(request.method)
      return false
    })
    expect(await frame.call('RPC_REQUEST', { method: 'eth_chainId' })).toBe('0x7a69')
    expect(await frame.call('RPC_REQUEST', { method: 'eth_accounts' })).toEqual([address])
    expect(
      typeof (await frame.call('RPC_REQUEST', { method: 'eth_blockNumber', params: [] })),
    ).toBe('string')
    // Signed in, the read was the user's own (finding 7): counted on this user's frame budget,
    // which anonymous clients of the project's `/v1/` cannot spend (0 hits: a look, no count).
    const { projectId } = world.config
    const session = await frame.store.get<{ user: { id: string } }>(`session:${projectId}`)
    const frameBudget = await hitRateLimit(
      world.server.database.db,
      `rpc:frame:${projectId}:${session?.user.id}`,
      { requests: 1, windowMs: 60_000 },
      Date.now(),
      0,
    )
    expect(frameBudget.count).toBe(1)
    expect(asked).toEqual([])
    await expect(
      frame.call('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', address] }),
    ).rejects.toThrow(USER_REJECTED)
    expect(frame.notices.at(-1)).toMatchObject({
      type: 'FRAME_APPROVAL_SETTLED',
      payload: { approved: false },
    })
    await expect(frame.call('RPC_REQUEST', { method: 'eth_sign', params: [] })).rejects.toThrow(
      NOT_ALLOWED,
    )
    await expect(
      frame.call('RPC_REQUEST', {
        method: 'personal_sign',
        params: ['0x00', '0x' + '1'.repeat(40)],
      }),
    ).rejects.toThrow(/not found/)
  })
})

describe('the other app events', () => {
  it('switch networks and read the chain id, refusing an unknown chain', async () => {
    const { frame } = await signedIn()
    expect(await frame.call('GET_CHAIN_ID', undefined)).toEqual({ chainId: 31337 })
    expect(await frame.call('SWITCH_NETWORK', { chainId: 'eip155:31337' })).toEqual({
      chainId: 31337,
    })
    await expect(frame.call('SWITCH_NETWORK', { chainId: 1 })).rejects.toThrow(CHAIN_NOT_SUPPORTED)
    await expect(
      frame.call('RPC_REQUEST', {
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x1' }],
      }),
    ).rejects.toThrow(CHAIN_NOT_SUPPORTED)
  })

  it('answer smart accounts honestly, social as the server configures it, farcaster as not configured', async () => {
    const { frame, address } = await signedIn()
    expect(await frame.call('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)).toEqual({
      smartAccountEnabledNetworks: [],
    })
    await expect(frame.call('INIT_SMART_ACCOUNT', undefined)).rejects.toThrow(
      SMART_ACCOUNTS_NOT_ENABLED,
    )
    expect(await frame.call('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({
      type: 'eoa',
      address,
    })
    await expect(frame.call('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).rejects.toThrow(
      SMART_ACCOUNTS_NOT_ENABLED,
    )
    // This world's server has no social section: the server says so (social.test.ts has one).
    await expect(frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).rejects.toThrow(
      'Social login with google is not configured on this server',
    )
    await expect(frame.call('CONNECT_SOCIAL', { uri: 'https://x' })).rejects.toThrow(
      SOCIAL_UNKNOWN_URI,
    )
    // Nor a farcaster section (farcaster.test.ts has one); no link handed out, nothing to wait for.
    await expect(frame.call('GET_FARCASTER_URI', undefined)).rejects.toThrow(
      'Sign in with Farcaster is not configured on this server',
    )
    await expect(frame.call('CONNECT_FARCASTER', undefined)).rejects.toThrow(SOCIAL_UNKNOWN_URI)
  })

  it('take the theme and the dapp data, and reload after answering', async () => {
    const frame = await newFrame(world)
    expect(await frame.call('SYNC_THEME', { themeMode: 'dark' })).toBeUndefined()
    expect(
      await frame.call('SYNC_DAPP_DATA', { sdkVersion: '1', sdkType: 'latch', projectId: 'p' }),
    ).toBeUndefined()
    expect(await frame.call('RELOAD', undefined)).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(frame.reloads).toBe(1)
  })
})
