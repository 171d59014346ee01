import { reverterAbi, testTokenAbi, type Devnet } from '@latch/devnet'
import { createPublicClient, encodeFunctionData, erc20Abi, http, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CALLS_VERSION, CallsStatus } from './calls.js'
import { connectedWallet, startTestDevnet } from './test/devnet.js'
import type { ApprovalMode, Eip1193Provider } from './types.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const connected = (approval?: ApprovalMode) => connectedWallet(devnet, approval)

const sendCalls = (provider: Eip1193Provider, calls: unknown[], extra: object = {}) =>
  provider.request({
    method: 'wallet_sendCalls',
    params: [
      {
        version: CALLS_VERSION,
        from: devnet.accounts[0]!.address,
        chainId: '0x7a69',
        atomicRequired: false,
        calls,
        ...extra,
      },
    ],
  }) as Promise<{ id: string }>

/** Polls wallet_getCallsStatus until the batch leaves 100 (pending). */
async function finalStatus(provider: Eip1193Provider, id: string) {
  type Status = { status: number; receipts?: { status: string }[] }
  return vi.waitFor(
    async () => {
      const status = (await provider.request({
        method: 'wallet_getCallsStatus',
        params: [id],
      })) as Status
      expect(status.status).not.toBe(CallsStatus.PENDING)
      return status
    },
    { timeout: 5_000, interval: 20 },
  )
}

const transferCall = (to: Address, amount: bigint) => ({
  to: devnet.contracts[31337]!.testToken,
  data: encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to, amount] }),
})
const revertingCall = () => ({
  to: devnet.contracts[31337]!.reverter,
  data: encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithReason' }),
})

describe('wallet_sendCalls and wallet_getCallsStatus', () => {
  it('runs the calls in order and reports 200 with one receipt per call', async () => {
    const { provider } = await connected()
    const to = privateKeyToAddress(generatePrivateKey())
    const { id } = await sendCalls(provider, [transferCall(to, 5n), { to, value: '0x3' }])
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await finalStatus(provider, id)
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      status: 200,
      atomic: false,
    })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts!.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(status.receipts![0]).toMatchObject({
      logs: [{ address: devnet.contracts[31337]!.testToken.toLowerCase() }],
      blockHash: expect.stringMatching(/^0x/),
      blockNumber: expect.stringMatching(/^0x/),
      gasUsed: expect.stringMatching(/^0x/),
      transactionHash: expect.stringMatching(/^0x/),
    })
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    expect(await client.getBalance({ address: to })).toBe(3n)
    const token = devnet.contracts[31337]!.testToken
    expect(
      await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [to],
      }),
    ).toBe(5n)
  })

  it('keeps a dapp-chosen id and refuses to reuse it (5720)', async () => {
    const { provider } = await connected()
    const to = privateKeyToAddress(generatePrivateKey())
    expect(await sendCalls(provider, [{ to }], { id: 'batch-1' })).toEqual({ id: 'batch-1' })
    await expect(sendCalls(provider, [{ to }], { id: 'batch-1' })).rejects.toMatchObject({
      code: 5720,
    })
    expect((await finalStatus(provider, 'batch-1')).status).toBe(200)
  })

  it('reports 500 when the only call reverts, and 600 when a later one does', async () => {
    const { provider } = await connected()
    const to = privateKeyToAddress(generatePrivateKey())
    const reverted = await sendCalls(provider, [revertingCall(), { to, value: '0x1' }])
    const complete = await finalStatus(provider, reverted.id)
    expect(complete.status).toBe(500)
    // The batch stops at the failing call: the transfer after it never went out.
    expect(complete.receipts).toHaveLength(1)
    const partial = await finalStatus(
      provider,
      (await sendCalls(provider, [{ to, value: '0x1' }, revertingCall()])).id,
    )
    expect(partial.status).toBe(600)
    expect(partial.receipts!.map((receipt) => receipt.status)).toEqual(['0x1', '0x0'])
  })

  it('answers 100 while the user has not approved, and sends nothing on reject (4001)', async () => {
    const dev = await connected('manual')
    const to = privateKeyToAddress(generatePrivateKey())
    const sent = sendCalls(dev.provider, [
      { to, value: '0x1' },
      { to, value: '0x2' },
    ])
    await vi.waitFor(() => expect(dev.pending()).toHaveLength(1))
    expect(dev.pending()[0]!.summary).toBe('Send a batch of 2 calls')
    dev.reject(dev.pending()[0]!.id)
    await expect(sent).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })

  it('answers 5730 for an unknown id', async () => {
    const { provider } = await connected()
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: ['0xdead'] }),
    ).rejects.toMatchObject({ code: 5730 })
  })

  it('validates calls: to and data start with 0x (-32602), capabilities, chain and sender', async () => {
    const { provider } = await connected()
    const to = privateKeyToAddress(generatePrivateKey())
    await expect(sendCalls(provider, [{ to: to.slice(2) }])).rejects.toMatchObject({ code: -32602 })
    await expect(sendCalls(provider, [{ to, data: 'abcd' }])).rejects.toMatchObject({
      code: -32602,
    })
    await expect(sendCalls(provider, [])).rejects.toMatchObject({ code: -32602 })
    await expect(
      sendCalls(provider, [{ to }], { capabilities: { paymasterService: { url: 'http://x' } } }),
    ).rejects.toMatchObject({ code: 5700 })
    const optional = { capabilities: { paymasterService: { url: 'http://x', optional: true } } }
    await expect(sendCalls(provider, [{ to }], optional)).resolves.toHaveProperty('id')
    await expect(sendCalls(provider, [{ to }], { chainId: '0x1' })).rejects.toMatchObject({
      code: 5710,
    })
    await expect(
      sendCalls(provider, [{ to }], { from: devnet.accounts[9]!.address }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})

describe('wallet_getCapabilities', () => {
  it('reports EIP-5792 atomic and ERC-7811 assetDiscovery for every known chain', async () => {
    const { provider } = await connected()
    const address = devnet.accounts[0]!.address
    const capabilities = {
      atomic: { status: 'supported' },
      assetDiscovery: { supported: true },
    }
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [address] })).toEqual(
      {
        '0x7a69': capabilities,
        '0x7a6a': capabilities,
      },
    )
    expect(
      await provider.request({
        method: 'wallet_getCapabilities',
        params: [address, ['0x7a6a', '0x1']],
      }),
    ).toEqual({ '0x7a6a': capabilities })
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [devnet.accounts[9]!.address] }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})
