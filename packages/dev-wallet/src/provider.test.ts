import { REVERTER_REASON, reverterAbi, type Devnet } from '@latch/devnet'
import { decodeErrorResult, encodeFunctionData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ProviderRpcError } from './errors.js'
import { createDevWallet } from './provider.js'
import { rejection } from './test/rejection.js'
import { SESSION_KEY } from './session.js'
import { devnetWalletConfig, startTestDevnet } from './test/devnet.js'
import type { DevWalletConfig, SessionStorageLike } from './types.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const wallet = (overrides: Partial<DevWalletConfig> = {}) =>
  createDevWallet(devnetWalletConfig(devnet, overrides))

const USER_REJECTED = { code: 4001, message: 'User rejected the request.' }

function memoryStorage(): SessionStorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('connecting', () => {
  it('answers eth_accounts with [] until eth_requestAccounts is approved, then remembers', async () => {
    const { provider } = wallet()
    const addresses = devnet.accounts.slice(0, 3).map((account) => account.address)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual(addresses)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual(addresses)
  })

  it('rejects with 4001 and the exact EIP-1193 message in auto-reject mode', async () => {
    const { provider } = wallet({ approval: 'auto-reject' })
    const error = await rejection(provider.request({ method: 'eth_requestAccounts' }))
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject(USER_REJECTED)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('holds the request in manual mode until approve(), sharing it between callers', async () => {
    const dev = wallet({ approval: 'manual' })
    const first = dev.provider.request({ method: 'eth_requestAccounts' })
    const second = dev.provider.request({ method: 'eth_requestAccounts' })
    let settled = false
    void first.then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    expect(dev.pending()).toHaveLength(1)
    expect(dev.pending()[0]).toMatchObject({
      method: 'eth_requestAccounts',
      summary: 'Connect this site to your accounts',
    })
    expect(dev.approve(dev.pending()[0]!.id)).toBe(true)
    expect(await first).toEqual(dev.addresses())
    expect(await second).toEqual(dev.addresses())
    expect(dev.pending()).toEqual([])
  })

  it('rejects a manual request with 4001 on reject()', async () => {
    const dev = wallet({ approval: 'manual' })
    const request = dev.provider.request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(dev.pending()).toHaveLength(1))
    expect(dev.reject(dev.pending()[0]!.id)).toBe(true)
    await expect(request).rejects.toMatchObject(USER_REJECTED)
    expect(dev.isConnected()).toBe(false)
  })

  it('emits connect and accountsChanged when the site connects', async () => {
    const { provider } = wallet()
    const connect = vi.fn()
    const accountsChanged = vi.fn()
    provider.on('connect', connect).on('accountsChanged', accountsChanged)
    await provider.request({ method: 'eth_requestAccounts' })
    expect(connect).toHaveBeenCalledWith({ chainId: '0x7a69' })
    expect(accountsChanged).toHaveBeenCalledWith(devnet.accounts.slice(0, 3).map((a) => a.address))
  })

  it('reconnects silently after a reload through the remembered session', async () => {
    const storage = memoryStorage()
    await wallet({ storage }).provider.request({ method: 'eth_requestAccounts' })
    expect(JSON.parse(storage.data.get(SESSION_KEY)!)).toEqual({ connected: true, chainId: 31337 })
    const reloaded = wallet({ storage, approval: 'auto-reject' })
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toHaveLength(3)
  })

  it('grants and lists the eth_accounts permission through wallet_requestPermissions', async () => {
    const { provider } = wallet()
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    const granted = await provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(granted).toMatchObject([{ parentCapability: 'eth_accounts' }])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toHaveLength(1)
  })
})

describe('account controls and disconnecting', () => {
  it('emits accountsChanged with the selected account first on selectAccount', async () => {
    const dev = wallet()
    await dev.provider.request({ method: 'eth_requestAccounts' })
    const listener = vi.fn()
    dev.provider.on('accountsChanged', listener)
    dev.selectAccount(2)
    const [a0, a1, a2] = devnet.accounts.map((account) => account.address)
    expect(listener).toHaveBeenCalledWith([a2, a0, a1])
    expect(await dev.provider.request({ method: 'eth_accounts' })).toEqual([a2, a0, a1])
    expect(() => dev.selectAccount(3)).toThrow(RangeError)
  })

  it('emits accountsChanged for setAccounts, and nothing while the site is not connected', async () => {
    const dev = wallet()
    const listener = vi.fn()
    dev.provider.on('accountsChanged', listener)
    dev.selectAccount(1)
    expect(listener).not.toHaveBeenCalled()
    await dev.provider.request({ method: 'eth_requestAccounts' })
    dev.setAccounts([devnet.accounts[5]!.privateKey])
    expect(listener).toHaveBeenLastCalledWith([devnet.accounts[5]!.address])
  })

  it('emits accountsChanged [] then disconnect (4900) on disconnectSite', async () => {
    const dev = wallet()
    await dev.provider.request({ method: 'eth_requestAccounts' })
    const events: unknown[] = []
    dev.provider.on('accountsChanged', (accounts) => events.push(['accountsChanged', accounts]))
    dev.provider.on('disconnect', (error) => events.push(['disconnect', error.code]))
    dev.disconnectSite()
    expect(events).toEqual([
      ['accountsChanged', []],
      ['disconnect', 4900],
    ])
    expect(await dev.provider.request({ method: 'eth_accounts' })).toEqual([])
    dev.disconnectSite()
    expect(events).toHaveLength(2)
  })

  it('forgets the site on wallet_revokePermissions and stops listeners on removeListener', async () => {
    const dev = wallet()
    await dev.provider.request({ method: 'eth_requestAccounts' })
    const listener = vi.fn()
    const removed = vi.fn()
    dev.provider.on('accountsChanged', listener).on('accountsChanged', removed)
    dev.provider.removeListener('accountsChanged', removed)
    const params = [{ eth_accounts: {} }]
    expect(await dev.provider.request({ method: 'wallet_revokePermissions', params })).toBeNull()
    expect(listener).toHaveBeenCalledWith([])
    expect(removed).not.toHaveBeenCalled()
    expect(dev.isConnected()).toBe(false)
  })
})

describe('requests', () => {
  it('answers eth_chainId and net_version for the current chain', async () => {
    const { provider } = wallet()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'net_version' })).toBe('31337')
  })

  it('needs a connected site (4100) for methods that use an account', async () => {
    const { provider } = wallet()
    const address = devnet.accounts[0]!.address
    const calls = [
      { method: 'personal_sign', params: ['0x68656c6c6f', address] },
      { method: 'eth_sendTransaction', params: [{ from: address, to: address }] },
      { method: 'wallet_getCapabilities', params: [address] },
      { method: 'wallet_getAssets', params: [{ account: address }] },
    ]
    for (const call of calls) {
      await expect(provider.request(call)).rejects.toMatchObject({ code: 4100 })
    }
  })

  it('answers 4200 for an unknown method and -32600 for a malformed request', async () => {
    const { provider } = wallet()
    await expect(provider.request({ method: 'eth_sign' })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'toString' })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request(null as never)).rejects.toMatchObject({ code: -32600 })
  })

  it('relays read-only methods to the current chain, keeping the node errors', async () => {
    const { provider } = wallet()
    const address = devnet.accounts[9]!.address
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
    expect(
      BigInt(
        (await provider.request({
          method: 'eth_getBalance',
          params: [address, 'latest'],
        })) as string,
      ),
    ).toBeGreaterThan(0n)
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithReason' })
    const call = { to: devnet.contracts[31337]!.reverter, data }
    const error = await rejection(
      provider.request({ method: 'eth_call', params: [call, 'latest'] }),
    )
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error.code).toBe(3)
    expect(error.message).toContain(REVERTER_REASON)
    expect(decodeErrorResult({ data: error.data as Hex }).args).toEqual([REVERTER_REASON])
  })
})
