import type { SolanaDevnet } from '@latch/solana-devnet'
import { getAddressDecoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SESSION_KEY } from './session.js'
import { features, rejection, startTestDevnet, walletConfig } from './test/devnet.js'
import type { SessionStorageLike } from './types.js'
import { createSolanaDevWallet } from './wallet.js'
import { expectStaticSvgIcon } from '@latch/dev-wallet/kit/testing'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(() => devnet.stop())

function memoryStorage(): SessionStorageLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  }
}

describe('the wallet object', () => {
  it('names itself, draws a static base64 SVG icon and lists the Solana chains, localnet first', () => {
    const { wallet } = createSolanaDevWallet(walletConfig(devnet))
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.name).toBe('Latch Solana Dev Wallet')
    expectStaticSvgIcon(wallet.icon)
    expect(wallet.chains).toEqual([
      'solana:localnet',
      'solana:mainnet',
      'solana:devnet',
      'solana:testnet',
    ])
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signIn',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(wallet.accounts).toEqual([])
  })

  it('refuses a secret key that is not the address’s, and an unknown approval policy', () => {
    const [first, second] = devnet.accounts
    const swapped = { address: first!.address, secretKey: second!.secretKey }
    expect(() => createSolanaDevWallet(walletConfig(devnet, { accounts: [swapped] }))).toThrow(
      /does not belong/,
    )
    expect(() =>
      createSolanaDevWallet(walletConfig(devnet, { approval: 'yes' as 'auto-approve' })),
    ).toThrow(/approval must be one of auto-approve, auto-reject, manual/)
  })
})

describe('standard:connect', () => {
  it('connects the selected account, with its public key, chains and features', async () => {
    const dev = createSolanaDevWallet(walletConfig(devnet))
    const { accounts } = await features(dev)['standard:connect'].connect()
    expect(accounts).toHaveLength(1)
    const account = accounts[0]!
    expect(account.address).toBe(devnet.accounts[0]!.address)
    expect(getAddressDecoder().decode(account.publicKey)).toBe(account.address)
    expect(account.chains).toContain('solana:localnet')
    expect(account.features).toEqual(
      expect.arrayContaining(['solana:signMessage', 'solana:signTransaction', 'solana:signIn']),
    )
    expect(dev.wallet.accounts).toEqual(accounts)
    expect(dev.control.requests().map((r) => [r.method, r.outcome])).toEqual([
      ['standard:connect', 'approved'],
    ])
  })

  it('rejected, throws 4001 and stays disconnected', async () => {
    const dev = createSolanaDevWallet(walletConfig(devnet, { approval: 'auto-reject' }))
    const error = await rejection(features(dev)['standard:connect'].connect())
    expect(error.code).toBe(4001)
    expect(error.message).toBe('User rejected the request.')
    expect(dev.wallet.accounts).toEqual([])
    expect(dev.control.isAuthorized()).toBe(false)
  })

  it('in manual mode waits for the user, who may approve or reject', async () => {
    const dev = createSolanaDevWallet(walletConfig(devnet, { approval: 'manual' }))
    const connect = features(dev)['standard:connect'].connect
    const first = connect()
    const [request] = dev.control.pending()
    expect(request).toMatchObject({ method: 'standard:connect' })
    expect(dev.control.requests()).toMatchObject([{ id: request!.id, outcome: 'pending' }])
    expect(dev.control.reject(request!.id)).toBe(true)
    expect((await rejection(first)).code).toBe(4001)

    const second = connect()
    expect(dev.control.approve(dev.control.pending()[0]!.id)).toBe(true)
    expect((await second).accounts).toHaveLength(1)
    expect(dev.control.pending()).toEqual([])
    expect(dev.control.approve('999')).toBe(false)
  })

  it('silently: nothing and no prompt before authorization, the account after, nothing after disconnect', async () => {
    const storage = memoryStorage()
    const before = createSolanaDevWallet(walletConfig(devnet, { approval: 'manual', storage }))
    expect(await features(before)['standard:connect'].connect({ silent: true })).toEqual({
      accounts: [],
    })
    expect(before.control.requests()).toEqual([])

    before.control.setApproval('auto-approve')
    await features(before)['standard:connect'].connect()
    expect(storage.entries.has(SESSION_KEY)).toBe(true)

    // A reload: a new wallet on the same storage, which must not prompt (manual would hang).
    const reloaded = createSolanaDevWallet(walletConfig(devnet, { approval: 'manual', storage }))
    expect(reloaded.wallet.accounts).toEqual([])
    const { accounts } = await features(reloaded)['standard:connect'].connect({ silent: true })
    expect(accounts.map((a) => a.address)).toEqual([devnet.accounts[0]!.address])
    expect(reloaded.control.requests()).toEqual([])

    await features(reloaded)['standard:disconnect'].disconnect()
    expect(storage.entries.has(SESSION_KEY)).toBe(false)
    const afterLogout = createSolanaDevWallet(walletConfig(devnet, { approval: 'manual', storage }))
    expect(await features(afterLogout)['standard:connect'].connect({ silent: true })).toEqual({
      accounts: [],
    })
  })
})

describe('standard:events', () => {
  it('emits change with the accounts on connect, account switch and disconnect, until off', async () => {
    const dev = createSolanaDevWallet(walletConfig(devnet))
    const changes: string[][] = []
    const off = features(dev)['standard:events'].on('change', ({ accounts }) => {
      changes.push((accounts ?? []).map((account) => account.address))
    })
    // Switching while disconnected changes nothing the app can see.
    dev.control.selectAccount(1)
    expect(changes).toEqual([])

    await features(dev)['standard:connect'].connect()
    dev.control.selectAccount(devnet.accounts[2]!.address)
    await features(dev)['standard:disconnect'].disconnect()
    expect(changes).toEqual([[devnet.accounts[1]!.address], [devnet.accounts[2]!.address], []])
    expect(dev.wallet.accounts).toEqual([])

    off()
    await features(dev)['standard:connect'].connect()
    expect(changes).toHaveLength(3)
  })

  it('emits no accounts when the wallet’s user revokes the site', async () => {
    const dev = createSolanaDevWallet(walletConfig(devnet))
    await features(dev)['standard:connect'].connect()
    const listener = vi.fn()
    features(dev)['standard:events'].on('change', listener)
    dev.control.revoke()
    expect(listener).toHaveBeenCalledExactlyOnceWith({ accounts: [] })
    expect(dev.control.isAuthorized()).toBe(false)
    expect(() => dev.control.selectAccount(9)).toThrow(/no such account/)
  })
})
