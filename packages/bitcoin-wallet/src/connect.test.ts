import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { describe, expect, it, vi } from 'vitest'
import { toHex } from './bitcoin.js'
import { SESSION_KEY } from './session.js'
import type { BitcoinWalletAccount } from './standard-account.js'
import { features, memoryStorage, rejection, useDevnets, walletConfig } from './test/devnet.js'
import { createBitcoinDevWallet } from './wallet.js'
import { expectStaticSvgIcon } from '@latch/dev-wallet/kit/testing'

const startDevnet = useDevnets()
const [first, second] = bitcoinDevnetAccounts()

const addresses = (accounts: readonly { address: string }[] | undefined) =>
  (accounts ?? []).map((account) => account.address)

describe('the wallet object', () => {
  it('names itself, draws a static base64 SVG icon, lists the Bitcoin chains (regtest first) and its features', async () => {
    const { wallet } = createBitcoinDevWallet(walletConfig(await startDevnet()))
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.name).toBe('Latch Bitcoin Dev Wallet')
    expectStaticSvgIcon(wallet.icon)
    expect(wallet.chains).toEqual([
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      'bip122:000000000019d6689c085ae165831e93',
      'bip122:000000000933ea01ad0ee984209779ba',
      'bitcoin:regtest',
      'bitcoin:mainnet',
      'bitcoin:testnet',
    ])
    expect(Object.keys(wallet.features).sort()).toEqual([
      'bitcoin:connect',
      'bitcoin:signAndSendTransaction',
      'bitcoin:signMessage',
      'bitcoin:signTransaction',
      'sats-connect:',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(wallet.accounts).toEqual([])
  })

  it('refuses a key that does not give its address, a wrong URL, an empty key set and an unknown policy', async () => {
    const devnet = await startDevnet()
    const swapped = {
      payment: { ...first!.payment, privateKey: second!.payment.privateKey },
      ordinals: first!.ordinals,
    }
    expect(() => createBitcoinDevWallet(walletConfig(devnet, { accounts: [swapped] }))).toThrow(
      `the payment private key of account 0 does not belong to ${first!.payment.address}`,
    )
    expect(() =>
      createBitcoinDevWallet(
        walletConfig(devnet, { accounts: [{ ...first!, ordinals: { privateKey: 'zz' } }] }),
      ),
    ).toThrow(/accounts\[0\]\.ordinals\.privateKey: a private key is 32 bytes of hex/)
    expect(() => createBitcoinDevWallet(walletConfig(devnet, { esploraUrl: 'ftp://x' }))).toThrow(
      /esploraUrl must be an http\(s\) URL/,
    )
    expect(() => createBitcoinDevWallet(walletConfig(devnet, { accounts: [] }))).toThrow(
      /accounts must not be empty/,
    )
    expect(() =>
      createBitcoinDevWallet(walletConfig(devnet, { approval: 'yes' as 'auto-approve' })),
    ).toThrow(/approval must be one of auto-approve, auto-reject, manual/)
  })
})

describe('standard:connect and bitcoin:connect', () => {
  it('standard:connect gives the payment then the ordinals account, with their keys and purposes', async () => {
    const dev = createBitcoinDevWallet(walletConfig(await startDevnet()))
    const { accounts } = await features(dev)['standard:connect'].connect()
    expect(addresses(accounts)).toEqual([first!.payment.address, first!.ordinals.address])
    const [payment, ordinals] = accounts as BitcoinWalletAccount[]
    expect(toHex(payment!.publicKey)).toBe(first!.payment.publicKey)
    expect(toHex(ordinals!.publicKey)).toBe(first!.ordinals.xOnlyPublicKey)
    expect([payment!.purpose, payment!.addressType]).toEqual(['payment', 'p2wpkh'])
    expect([ordinals!.purpose, ordinals!.addressType]).toEqual(['ordinals', 'p2tr'])
    expect(payment!.chains).toEqual(['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'bitcoin:regtest'])
    expect(payment!.features).toEqual([
      'bitcoin:signMessage',
      'bitcoin:signTransaction',
      'bitcoin:signAndSendTransaction',
    ])
    expect(Object.isFrozen(payment)).toBe(true)
    expect(dev.wallet.accounts).toEqual(accounts)
    expect(dev.control.requests().map((r) => [r.method, r.outcome])).toEqual([
      ['standard:connect', 'approved'],
    ])
  })

  it('bitcoin:connect answers the purposes asked, in their order, and asks again only for more', async () => {
    const dev = createBitcoinDevWallet(walletConfig(await startDevnet()))
    const connect = features(dev)['bitcoin:connect'].connect
    expect(addresses((await connect({ purposes: ['ordinals'] })).accounts)).toEqual([
      first!.ordinals.address,
    ])
    expect(addresses(dev.wallet.accounts)).toEqual([first!.ordinals.address])
    const both = await connect({ purposes: ['ordinals', 'payment'] })
    expect(addresses(both.accounts)).toEqual([first!.ordinals.address, first!.payment.address])
    expect(addresses(dev.wallet.accounts)).toEqual([
      first!.payment.address,
      first!.ordinals.address,
    ])
    await connect({ purposes: ['payment'] })
    expect(dev.control.requests().map((r) => r.method)).toEqual([
      'bitcoin:connect',
      'bitcoin:connect',
    ])
    const error = await rejection(connect({ purposes: ['stacks' as 'payment'] }))
    expect(error).toMatchObject({ code: -32602 })
    expect(error.message).toMatch(/purposes/)
  })

  it('rejected, throws 4001 and stays disconnected', async () => {
    const dev = createBitcoinDevWallet(
      walletConfig(await startDevnet(), { approval: 'auto-reject' }),
    )
    const error = await rejection(features(dev)['standard:connect'].connect())
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(dev.wallet.accounts).toEqual([])
    expect(dev.control.isAuthorized()).toBe(false)
  })

  it('in manual mode waits for the user, who may approve or reject', async () => {
    const dev = createBitcoinDevWallet(walletConfig(await startDevnet(), { approval: 'manual' }))
    const connect = features(dev)['bitcoin:connect'].connect
    const firstTry = connect({ purposes: ['payment'] })
    const [request] = dev.control.pending()
    expect(request).toMatchObject({
      method: 'bitcoin:connect',
      summary: 'Connect payment of account 0',
    })
    expect(dev.control.reject(request!.id)).toBe(true)
    expect((await rejection(firstTry)).code).toBe(4001)
    const secondTry = connect({ purposes: ['payment'] })
    expect(dev.control.approve(dev.control.pending()[0]!.id)).toBe(true)
    expect(addresses((await secondTry).accounts)).toEqual([first!.payment.address])
  })

  it('silently: nothing and no prompt before authorization, the accounts after a reload, nothing after disconnect', async () => {
    const devnet = await startDevnet()
    const storage = memoryStorage()
    const before = createBitcoinDevWallet(walletConfig(devnet, { approval: 'manual', storage }))
    expect(await features(before)['standard:connect'].connect({ silent: true })).toEqual({
      accounts: [],
    })
    expect(before.control.requests()).toEqual([])
    before.control.setApproval('auto-approve')
    await features(before)['bitcoin:connect'].connect({ purposes: ['payment'] })
    expect(storage.entries.has(SESSION_KEY)).toBe(true)

    // A reload: a new wallet on the same storage, which must not prompt (manual would hang).
    const reloaded = createBitcoinDevWallet(walletConfig(devnet, { approval: 'manual', storage }))
    expect(reloaded.wallet.accounts).toEqual([])
    const { accounts } = await features(reloaded)['standard:connect'].connect({ silent: true })
    expect(addresses(accounts)).toEqual([first!.payment.address])
    expect(reloaded.control.requests()).toEqual([])

    await features(reloaded)['standard:disconnect'].disconnect()
    expect(storage.entries.has(SESSION_KEY)).toBe(false)
    const afterLogout = createBitcoinDevWallet(
      walletConfig(devnet, { approval: 'manual', storage }),
    )
    expect(await features(afterLogout)['standard:connect'].connect({ silent: true })).toEqual({
      accounts: [],
    })
  })
})

describe('standard:events', () => {
  it('emits change on connect, account switch, network switch and disconnect, until off', async () => {
    const dev = createBitcoinDevWallet(walletConfig(await startDevnet()))
    const changes: string[][] = []
    const off = features(dev)['standard:events'].on('change', ({ accounts }) => {
      changes.push(addresses(accounts))
    })
    // Switching while disconnected changes nothing the app can see.
    dev.control.selectAccount(1)
    expect(changes).toEqual([])

    await features(dev)['bitcoin:connect'].connect({ purposes: ['payment'] })
    dev.control.selectAccount(first!.ordinals.address)
    await features(dev)['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })
    await features(dev)['standard:connect'].connect()
    dev.control.setNetwork('Mainnet')
    await features(dev)['standard:disconnect'].disconnect()
    const { payment, ordinals } = dev.control.addresses()
    expect(changes).toEqual([
      [second!.payment.address],
      [first!.payment.address],
      [first!.payment.address, first!.ordinals.address],
      [payment, ordinals],
      [],
    ])
    expect([payment.slice(0, 4), ordinals.slice(0, 4)]).toEqual(['bc1q', 'bc1p'])
    off()
    await features(dev)['standard:connect'].connect()
    expect(changes).toHaveLength(5)
  })

  it('emits no accounts when the wallet’s user revokes the site', async () => {
    const dev = createBitcoinDevWallet(walletConfig(await startDevnet()))
    await features(dev)['standard:connect'].connect()
    const listener = vi.fn()
    features(dev)['standard:events'].on('change', listener)
    dev.control.revoke()
    expect(listener).toHaveBeenCalledExactlyOnceWith({ accounts: [] })
    expect(dev.control.isAuthorized()).toBe(false)
    expect(() => dev.control.selectAccount(9)).toThrow(/no such account/)
  })
})
