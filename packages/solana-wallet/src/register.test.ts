import type { SolanaDevnet } from '@latch/solana-devnet'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestDevnet, walletConfig } from './test/devnet.js'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(() => devnet.stop())

// A page's `window` as the Wallet Standard uses it: an EventTarget. Each test gets a fresh one
// and fresh modules, because `getWallets()` keeps its registry in module state.
beforeEach(() => {
  vi.resetModules()
  vi.stubGlobal('window', new EventTarget())
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const REQUIRED = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
  'solana:signIn',
]

describe('registerSolanaDevWallet', () => {
  it('is found by an app that starts after it (wallet-standard:app-ready)', async () => {
    const { registerSolanaDevWallet } = await import('./register.js')
    const dev = registerSolanaDevWallet(walletConfig(devnet))
    const { getWallets } = await import('@wallet-standard/app')
    const found = getWallets().get()
    expect(found).toEqual([dev.wallet])
    expect(found[0]!.name).toBe('Latch Solana Dev Wallet')
    expect(found[0]!.chains).toContain('solana:localnet')
    expect(Object.keys(found[0]!.features)).toEqual(expect.arrayContaining(REQUIRED))
  })

  it('is found by an app already listening (wallet-standard:register-wallet)', async () => {
    const { getWallets } = await import('@wallet-standard/app')
    const wallets = getWallets()
    const registered = vi.fn()
    wallets.on('register', registered)
    const { registerSolanaDevWallet } = await import('./register.js')
    const dev = registerSolanaDevWallet(walletConfig(devnet))
    expect(registered).toHaveBeenCalledExactlyOnceWith(dev.wallet)
    expect(wallets.get()).toEqual([dev.wallet])
    // Connecting through the registered object is what an adapter does next.
    const connect = (
      wallets.get()[0]!.features['standard:connect'] as {
        connect: () => Promise<{ accounts: readonly { address: string }[] }>
      }
    ).connect
    expect((await connect()).accounts.map((a) => a.address)).toEqual([devnet.accounts[0]!.address])
  })
})
