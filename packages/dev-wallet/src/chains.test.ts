import type { Devnet } from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createChainRegistry } from './chains.js'
import { createDevWallet } from './provider.js'
import { rejection } from './test/rejection.js'
import { devnetChain, devnetWalletConfig, startTestDevnet } from './test/devnet.js'
import type { DevWalletConfig } from './types.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

/** A wallet that knows only chain A, so that chain B must be added first. */
const walletOnA = (overrides: Partial<DevWalletConfig> = {}) =>
  createDevWallet(devnetWalletConfig(devnet, { chains: [devnetChain(devnet, 0)], ...overrides }))

const addParams = (rpcUrl = devnet.chains[1]!.rpcUrl) => ({
  chainId: '0x7a6a',
  chainName: 'Latch Devnet B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: [rpcUrl],
  blockExplorerUrls: null,
  iconUrls: [],
})

describe('switching and adding chains', () => {
  it('fails with 4902 for an unknown chain, then adds it, then switches and emits chainChanged', async () => {
    const { provider } = walletOnA()
    const chainChanged = vi.fn()
    provider.on('chainChanged', chainChanged)
    const switchToB = { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }

    const error = await rejection(provider.request(switchToB))
    expect(error).toMatchObject({
      code: 4902,
      message:
        'Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.',
    })
    expect(
      await provider.request({ method: 'wallet_addEthereumChain', params: [addParams()] }),
    ).toBeNull()
    // Adding does not switch: the dapp retries the switch, as the 4902 path does.
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(chainChanged).not.toHaveBeenCalled()

    expect(await provider.request(switchToB)).toBeNull()
    expect(chainChanged).toHaveBeenCalledExactlyOnceWith('0x7a6a')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Reads now go to chain B's node.
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
  })

  it('switches between configured chains and emits nothing for the current one', async () => {
    const { provider } = createDevWallet(devnetWalletConfig(devnet))
    const chainChanged = vi.fn()
    provider.on('chainChanged', chainChanged)
    const to = (chainId: string) =>
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    await to('0x7a69')
    expect(chainChanged).not.toHaveBeenCalled()
    await to('0x7a6a')
    await to('0x7a69')
    expect(chainChanged.mock.calls).toEqual([['0x7a6a'], ['0x7a69']])
    await expect(to('0x07a69')).rejects.toMatchObject({ code: -32602 })
  })

  it('asks for approval to add a chain: auto-reject gives 4001 and leaves it unknown', async () => {
    const { provider } = walletOnA({ approval: 'auto-reject' })
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [addParams()] }),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('waits in manual mode with a summary naming the network', async () => {
    const dev = walletOnA({ approval: 'manual' })
    const added = dev.provider.request({ method: 'wallet_addEthereumChain', params: [addParams()] })
    await vi.waitFor(() => expect(dev.pending()).toHaveLength(1))
    expect(dev.pending()[0]!.summary).toBe('Add network Latch Devnet B (0x7a6a)')
    dev.approve(dev.pending()[0]!.id)
    expect(await added).toBeNull()
  })

  it('refuses an RPC URL that serves another chain, before asking the user', async () => {
    const dev = walletOnA({ approval: 'manual' })
    const error = await rejection(
      dev.provider.request({
        method: 'wallet_addEthereumChain',
        params: [addParams(devnet.chains[0]!.rpcUrl)],
      }),
    )
    expect(error).toMatchObject({ code: -32602 })
    expect(error.message).toContain('serves chain 0x7a69, not 0x7a6a')
    expect(dev.pending()).toEqual([])
  })

  it('validates the parameters (-32602) before anything else', async () => {
    const { provider } = walletOnA()
    const bad = { ...addParams(), rpcUrl: 'typo' }
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [bad] }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('unexpected keys rpcUrl'),
    })
  })
})

describe('createChainRegistry', () => {
  const chain = (chainId: number) => ({
    chainId,
    name: `c${chainId}`,
    rpcUrl: 'http://127.0.0.1:9',
  })

  it('starts on the remembered chain when it is known, else on the first', () => {
    expect(createChainRegistry([chain(1), chain(2)], 2).current().config.chainId).toBe(2)
    expect(createChainRegistry([chain(1), chain(2)], 5).current().config.chainId).toBe(1)
    expect(() => createChainRegistry([])).toThrow('at least one chain')
  })
})
