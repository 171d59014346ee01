import type { Devnet } from '@latch/devnet'
import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectedWallet, startTestDevnet } from './test/devnet.js'
import type { ApprovalMode } from './types.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const connected = (approval?: ApprovalMode) => connectedWallet(devnet, approval)

const typedData = {
  domain: { name: 'Latch', version: '1', chainId: 31337 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', contents: 'hello' },
} as const

describe('personal_sign', () => {
  it('signs hex as raw bytes with the requested account', async () => {
    const { provider } = await connected()
    const address = devnet.accounts[1]!.address
    const signature = (await provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
  })

  it('gives 4001 in auto-reject mode and 4100 for an address that is not the wallet’s', async () => {
    const { provider } = await connected('auto-reject')
    const params = ['0x68656c6c6f', devnet.accounts[0]!.address]
    await expect(provider.request({ method: 'personal_sign', params })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    const stranger = ['0x68656c6c6f', devnet.accounts[8]!.address]
    await expect(
      provider.request({ method: 'personal_sign', params: stranger }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('waits in manual mode, showing the decoded message', async () => {
    const dev = await connected('manual')
    const address = devnet.accounts[0]!.address
    const signed = dev.provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })
    await vi.waitFor(() => expect(dev.pending()).toHaveLength(1))
    expect(dev.pending()[0]!.summary).toBe('Sign message: hello')
    dev.approve(dev.pending()[0]!.id)
    const signature = (await signed) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
  })
})

describe('eth_signTypedData_v4', () => {
  it('signs typed data given as JSON text, as dapps send it', async () => {
    const { provider } = await connected()
    const address = devnet.accounts[0]!.address
    const signature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await verifyTypedData({ ...typedData, types, address, signature })).toBe(true)
  })

  it('refuses malformed typed data with -32602 without asking the user', async () => {
    const dev = await connected('manual')
    const address = devnet.accounts[0]!.address
    await expect(
      dev.provider.request({ method: 'eth_signTypedData_v4', params: [address, '{not json'] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(dev.pending()).toEqual([])
  })

  it('gives 4001 when the user rejects in manual mode', async () => {
    const dev = await connected('manual')
    const signed = dev.provider.request({
      method: 'eth_signTypedData_v4',
      params: [devnet.accounts[0]!.address, typedData],
    })
    await vi.waitFor(() => expect(dev.pending()).toHaveLength(1))
    expect(dev.pending()[0]!.summary).toBe('Sign Mail')
    dev.reject(dev.pending()[0]!.id)
    await expect(signed).rejects.toMatchObject({ code: 4001 })
  })
})
