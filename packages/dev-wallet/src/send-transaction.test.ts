import { REVERTER_REASON, reverterAbi, testTokenAbi, type Devnet } from '@latch/devnet'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  numberToHex,
  parseEther,
  type Hash,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rejection } from './test/rejection.js'
import { REVERTING_TX_GAS, parseTransactionRequest } from './send-transaction.js'
import { connectedWallet, startTestDevnet } from './test/devnet.js'
import type { ApprovalMode } from './types.js'

let devnet: Devnet
let client: PublicClient
beforeAll(async () => {
  devnet = await startTestDevnet()
  client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl), pollingInterval: 50 })
})
afterAll(async () => {
  await devnet?.stop()
})

const connected = (approval?: ApprovalMode) => connectedWallet(devnet, approval)

const freshAddress = () => privateKeyToAddress(generatePrivateKey())

describe('eth_sendTransaction', () => {
  it('signs and sends a native transfer that changes both balances', async () => {
    const { provider } = await connected()
    const from = devnet.accounts[0]!.address
    const to = freshAddress()
    const before = await client.getBalance({ address: from })
    const value = parseEther('1.5')
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: numberToHex(value) }],
    })) as Hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(value)
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await client.getBalance({ address: from })).toBe(before - value - fee)
    // The receipt and the transaction are readable through the wallet too.
    const relayed = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    expect(relayed).toMatchObject({ transactionHash: hash, status: '0x1' })
    const sent = await provider.request({ method: 'eth_getTransactionByHash', params: [hash] })
    expect(sent).toMatchObject({ hash, from: from.toLowerCase() })
  })

  it('sends an ERC-20 transfer from the selected account', async () => {
    const dev = await connected()
    dev.selectAccount(1)
    const token = devnet.contracts[31337]!.testToken
    const from = devnet.accounts[1]!.address
    const to = freshAddress()
    const data = encodeFunctionData({ abi: testTokenAbi, functionName: 'transfer', args: [to, 7n] })
    const hash = (await dev.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: token, data }],
    })) as Hash
    await client.waitForTransactionReceipt({ hash })
    const balance = (holder: `0x${string}`) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder],
      })
    expect(await balance(to)).toBe(7n)
  })

  it('still sends a transaction that reverts, so the dapp gets a reverted receipt', async () => {
    const { provider } = await connected()
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithReason' })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: devnet.accounts[0]!.address, to: devnet.contracts[31337]!.reverter, data }],
    })) as Hash
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    const transaction = await client.getTransaction({ hash })
    expect(transaction.gas).toBe(REVERTING_TX_GAS)
    expect(REVERTER_REASON).toBe('Latch: always reverts')
  })

  it('sends nothing when rejected (4001), and nothing until approved in manual mode', async () => {
    const dev = await connected('auto-reject')
    const from = devnet.accounts[2]!.address
    const to = freshAddress()
    const params = [{ from, to, value: '0x1' }]
    await expect(
      dev.provider.request({ method: 'eth_sendTransaction', params }),
    ).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    dev.setApproval('manual')
    const sent = dev.provider.request({ method: 'eth_sendTransaction', params })
    await vi.waitFor(() => expect(dev.pending()).toHaveLength(1))
    expect(dev.pending()[0]!.summary).toBe(
      `Send 0.000000000000000001 ETH to ${to.slice(0, 6)}…${to.slice(-4)}`,
    )
    expect(await client.getBalance({ address: to })).toBe(0n)
    dev.approve(dev.pending()[0]!.id)
    await client.waitForTransactionReceipt({ hash: (await sent) as Hash })
    expect(await client.getBalance({ address: to })).toBe(1n)
  })

  it('refuses a from that is not the wallet’s (4100) and a chainId that is not current', async () => {
    const { provider } = await connected()
    const stranger = [{ from: devnet.accounts[7]!.address, to: freshAddress() }]
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: stranger }),
    ).rejects.toMatchObject({ code: 4100 })
    const otherChain = [
      { from: devnet.accounts[0]!.address, to: freshAddress(), chainId: '0x7a6a' },
    ]
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: otherChain }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('relays the node’s error when the account cannot pay', async () => {
    const { provider } = await connected()
    const params = [
      {
        from: devnet.accounts[0]!.address,
        to: freshAddress(),
        value: numberToHex(parseEther('1000000')),
      },
    ]
    const error = await rejection(provider.request({ method: 'eth_sendTransaction', params }))
    // Anvil's own code and words, relayed as they are.
    expect(error).toMatchObject({
      code: -32003,
      message: expect.stringContaining('Insufficient funds'),
    })
  })
})

describe('parseTransactionRequest', () => {
  it('reads hex quantities and accepts `input` for calldata', () => {
    expect(
      parseTransactionRequest({
        to: '0x' + '1'.repeat(40),
        value: '0x10',
        gas: '0x5208',
        nonce: '0x2',
        input: '0xabcd',
      }),
    ).toEqual({ to: '0x' + '1'.repeat(40), value: 16n, gas: 21000n, nonce: 2, data: '0xabcd' })
  })

  it('refuses non-hex fields with -32602', () => {
    expect(() => parseTransactionRequest({ value: 10 })).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(() => parseTransactionRequest({ to: '0x1234' })).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(() => parseTransactionRequest('0x')).toThrow(expect.objectContaining({ code: -32602 }))
  })
})
