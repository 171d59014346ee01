import type { BitcoinDevnet } from '@latch/bitcoin-devnet'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startBitcoinDevnet } from '@latch/bitcoin-devnet'
import type { BtcProviderInfo } from './sats-connect-types.js'
import { walletConfig } from './test/devnet.js'

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0 })
})
afterAll(() => devnet.stop())

// A page's `window` as both standards use it: an EventTarget, where WBIP-004 also looks for
// `btc_providers`. Each test gets a fresh one and fresh modules, because `getWallets()` keeps its
// registry in module state.
beforeEach(() => {
  vi.resetModules()
  vi.stubGlobal('window', new EventTarget())
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const page = () =>
  window as unknown as { btc_providers?: BtcProviderInfo[] } & Record<string, unknown>

describe('registerBitcoinDevWallet', () => {
  it('is found by a Wallet-Standard app that starts after it, and by one already listening', async () => {
    const { getWallets } = await import('@wallet-standard/app')
    const registered = vi.fn()
    getWallets().on('register', registered)
    const { registerBitcoinDevWallet } = await import('./register.js')
    const dev = registerBitcoinDevWallet(walletConfig(devnet), window)
    expect(registered).toHaveBeenCalledExactlyOnceWith(dev.wallet)
    const [found] = getWallets().get()
    expect(found).toBe(dev.wallet)
    expect('bitcoin:connect' in found!.features).toBe(true)
    // A wallet announced before the app: the app finds it through wallet-standard:app-ready.
    vi.resetModules()
    const late = await import('@wallet-standard/app')
    expect(late.getWallets().get()).toEqual([dev.wallet])
  })

  it('puts the sats-connect provider in window.btc_providers (WBIP-004), where sats-connect finds it', async () => {
    page().btc_providers = [{ id: 'OtherWallet', name: 'Other', icon: 'data:,', methods: [] }]
    const { registerBitcoinDevWallet } = await import('./register.js')
    const dev = registerBitcoinDevWallet(walletConfig(devnet), window)
    const { getProviders, getProviderById } = await import('@sats-connect/core')
    expect(getProviders()).toEqual([
      { id: 'OtherWallet', name: 'Other', icon: 'data:,', methods: [] },
      {
        id: 'LatchBitcoinDevWalletProvider',
        name: 'Latch Bitcoin Dev Wallet',
        icon: dev.wallet.icon,
        methods: expect.arrayContaining(['getAddresses', 'signPsbt', 'sendTransfer']),
      },
    ])
    expect(getProviderById('LatchBitcoinDevWalletProvider')).toBe(dev.provider)
    // The Wallet-Standard face carries the same provider, as Exodus' and MetaMask's wallets do.
    const feature = dev.wallet.features['sats-connect:'] as { provider: unknown }
    expect(feature.provider).toBe(dev.provider)

    // Registering again (a reloaded content script) leaves one entry, for the new provider.
    const again = registerBitcoinDevWallet(walletConfig(devnet), window)
    expect(page().btc_providers!.map((entry) => entry.id)).toEqual([
      'OtherWallet',
      'LatchBitcoinDevWalletProvider',
    ])
    expect(page()['LatchBitcoinDevWalletProvider']).toBe(again.provider)
  })

  it('shows only the faces asked for, so each can be tried alone', async () => {
    const { getWallets } = await import('@wallet-standard/app')
    const { registerBitcoinDevWallet } = await import('./register.js')
    const onlySats = registerBitcoinDevWallet(
      { ...walletConfig(devnet), faces: ['sats-connect'] },
      window,
    )
    expect(getWallets().get()).toEqual([])
    expect(page().btc_providers).toEqual([onlySats.providerInfo])

    vi.resetModules()
    vi.stubGlobal('window', new EventTarget())
    const fresh = await import('@wallet-standard/app')
    const again = await import('./register.js')
    const onlyStandard = again.registerBitcoinDevWallet(
      { ...walletConfig(devnet), faces: ['standard'] },
      window,
    )
    expect(fresh.getWallets().get()).toEqual([onlyStandard.wallet])
    expect(page().btc_providers).toBeUndefined()
  })
})
