import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { request } from '@sats-connect/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerBitcoinDevWallet } from './register.js'
import type { NetworkChangeEvent } from './sats-connect-types.js'
import {
  features,
  memoryStorage,
  rejection,
  satsResult,
  useDevnets,
  walletConfig,
} from './test/devnet.js'
import type { BitcoinDevWalletConfig } from './types.js'
import { BTC_PROVIDER_ID, createBitcoinDevWallet } from './wallet.js'

const startDevnet = useDevnets()
const [first, second] = bitcoinDevnetAccounts()

// sats-connect's request() reads the provider from `window` (by its WBIP-004 id): each test gets
// a fresh stand-in page, an EventTarget as the Wallet Standard wants.
beforeEach(() => {
  vi.stubGlobal('window', new EventTarget())
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function pageWallet(overrides: Partial<BitcoinDevWalletConfig> = {}) {
  return registerBitcoinDevWallet(walletConfig(await startDevnet(), overrides), window)
}

const addressesOf = (result: { addresses: { address: string }[] }) =>
  result.addresses.map((entry) => entry.address)

describe('getAddresses, wallet_connect and wallet_disconnect, through sats-connect’s request()', () => {
  it('getAddresses asks once, then answers the Bitcoin purposes asked (AppKit also asks for stacks)', async () => {
    const dev = await pageWallet()
    const answer = await request(
      'getAddresses',
      { purposes: ['payment', 'ordinals', 'stacks'] as never, message: 'Connect to your wallet' },
      BTC_PROVIDER_ID,
    )
    expect(answer).toEqual({
      status: 'success',
      result: {
        addresses: [
          {
            address: first!.payment.address,
            publicKey: first!.payment.publicKey,
            purpose: 'payment',
            addressType: 'p2wpkh',
            walletType: 'software',
          },
          {
            address: first!.ordinals.address,
            publicKey: first!.ordinals.xOnlyPublicKey,
            purpose: 'ordinals',
            addressType: 'p2tr',
            walletType: 'software',
          },
        ],
        network: {
          bitcoin: { name: 'Regtest' },
          stacks: { name: 'testnet' },
          spark: { name: 'regtest' },
        },
      },
    })
    await request('getAddresses', { purposes: ['ordinals'] as never }, BTC_PROVIDER_ID)
    expect(dev.control.requests().map((r) => [r.method, r.outcome])).toEqual([
      ['getAddresses', 'approved'],
    ])
  })

  it('rejected, answers USER_REJECTION (-32000) and the site stays unauthorized', async () => {
    const dev = await pageWallet({ approval: 'auto-reject' })
    const answer = await request(
      'getAddresses',
      { purposes: ['payment'] as never },
      BTC_PROVIDER_ID,
    )
    expect(answer).toEqual({
      status: 'error',
      error: { code: -32000, message: 'User rejected the request.' },
    })
    expect(dev.control.isAuthorized()).toBe(false)
    expect(await dev.provider.request('wallet_getAccount', null)).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32002 },
    })
  })

  it('wallet_connect answers the account, wallet_getAccount reads it, wallet_disconnect ends it', async () => {
    const dev = await pageWallet()
    const connected = await satsResult<{
      id: string
      addresses: { address: string }[]
      walletType: string
    }>(dev, 'wallet_connect', {
      addresses: ['ordinals'],
      message: 'Latch wants your ordinals address',
    })
    expect(connected).toMatchObject({ id: 'account-0', walletType: 'software' })
    expect(addressesOf(connected)).toEqual([first!.ordinals.address])
    const getAccount = () =>
      satsResult<{ addresses: { address: string }[] }>(dev, 'wallet_getAccount')
    expect(addressesOf(await getAccount())).toEqual([first!.ordinals.address])
    // A purpose not authorized yet is asked for; the account then has both.
    const listed = await satsResult<{ address: string }[]>(dev, 'getAccounts', {
      purposes: ['payment'],
    })
    expect(listed.map((entry) => entry.address)).toEqual([first!.payment.address])
    expect(addressesOf(await getAccount())).toEqual([
      first!.payment.address,
      first!.ordinals.address,
    ])
    expect(dev.control.requests().map((r) => r.summary)).toEqual([
      'Connect ordinals of account 0',
      'Connect payment of account 0',
    ])
    expect(await satsResult(dev, 'wallet_disconnect', null)).toBeNull()
    expect((await rejection(satsResult(dev, 'wallet_getAccount'))).code).toBe(-32002)
    const long = await rejection(satsResult(dev, 'wallet_connect', { message: 'x'.repeat(81) }))
    expect(long).toMatchObject({ code: -32602, message: expect.stringContaining('80 characters') })
  })

  it('answers METHOD_NOT_FOUND for what it does not implement, and lists its methods in getInfo', async () => {
    const dev = await pageWallet()
    expect(await dev.provider.request('stx_transferStx', {})).toMatchObject({
      error: { code: -32601, message: 'Method not found: stx_transferStx' },
    })
    expect(await dev.provider.request('toString')).toMatchObject({ error: { code: -32601 } })
    const info = await satsResult<{ methods: string[]; version: string }>(dev, 'getInfo', null)
    expect(info.methods).toEqual(
      expect.arrayContaining([
        'getAddresses',
        'wallet_connect',
        'wallet_disconnect',
        'wallet_changeNetwork',
        'signMessage',
        'signPsbt',
        'sendTransfer',
      ]),
    )
  })

  it('shares one authorization with the Wallet-Standard face, across a reload too', async () => {
    const devnet = await startDevnet()
    const storage = memoryStorage()
    const dev = createBitcoinDevWallet(walletConfig(devnet, { storage }))
    await features(dev)['standard:connect'].connect()
    await satsResult(dev, 'getAddresses', { purposes: ['payment'] })
    expect(dev.control.requests().map((r) => r.method)).toEqual(['standard:connect'])

    const reloaded = createBitcoinDevWallet(walletConfig(devnet, { storage, approval: 'manual' }))
    const account = await satsResult<{ addresses: { address: string }[] }>(
      reloaded,
      'wallet_getAccount',
    )
    expect(addressesOf(account)[0]).toBe(first!.payment.address)
    const changes = vi.fn()
    await features(reloaded)['standard:connect'].connect({ silent: true })
    features(reloaded)['standard:events'].on('change', changes)
    await satsResult(reloaded, 'wallet_disconnect')
    expect(changes).toHaveBeenCalledExactlyOnceWith({ accounts: [] })
    expect(reloaded.wallet.accounts).toEqual([])
  })
})

describe('wallet_changeNetwork', () => {
  it('switches to mainnet with mainnet addresses, tells networkChange, and signs nothing there', async () => {
    const dev = await pageWallet()
    await satsResult(dev, 'getAddresses', { purposes: ['payment', 'ordinals'] })
    const events: NetworkChangeEvent[] = []
    dev.provider.addListener({ eventName: 'networkChange', cb: (event) => events.push(event) })

    expect(
      await request('wallet_changeNetwork', { name: 'Mainnet' as never }, BTC_PROVIDER_ID),
    ).toEqual({
      status: 'success',
      result: null,
    })
    const [event] = events
    expect(event).toMatchObject({
      type: 'networkChange',
      bitcoin: { name: 'Mainnet' },
      stacks: { name: 'mainnet' },
    })
    expect(event!.addresses!.map((a) => a.address.slice(0, 4))).toEqual(['bc1q', 'bc1p'])
    expect(await satsResult(dev, 'wallet_getNetwork')).toMatchObject({
      bitcoin: { name: 'Mainnet' },
    })

    const refused = await rejection(
      satsResult(dev, 'signMessage', { address: event!.addresses![0]!.address, message: 'hi' }),
    )
    expect(refused).toMatchObject({ code: -32001 })
    expect(refused.message).toBe(
      'Latch Bitcoin Dev Wallet signs and sends on regtest only; this request is for mainnet.',
    )
    expect(dev.control.requests().map((r) => r.method)).toEqual([
      'getAddresses',
      'wallet_changeNetwork',
    ])

    await satsResult(dev, 'wallet_changeNetwork', { name: 'Testnet' })
    expect(dev.control.addresses().payment).toMatch(/^tb1q/)
    await satsResult(dev, 'wallet_changeNetwork', { name: 'Regtest' })
    expect(events.map((e) => e.bitcoin.name)).toEqual(['Mainnet', 'Testnet', 'Regtest'])
    expect(dev.control.addresses().payment).toBe(first!.payment.address)
  })

  it('refuses a network it does not know, and a rejected switch changes nothing', async () => {
    const dev = await pageWallet({ approval: 'auto-reject' })
    const unknown = await rejection(satsResult(dev, 'wallet_changeNetwork', { name: 'Testnet4' }))
    expect(unknown).toMatchObject({ code: -32602, message: expect.stringContaining('Testnet4') })
    expect(
      (await rejection(satsResult(dev, 'wallet_changeNetwork', { name: 'Mainnet' }))).code,
    ).toBe(-32000)
    expect(dev.control.network()).toBe('Regtest')
  })
})

describe('addListener', () => {
  it('tells accountChange and disconnect to a connected site, in both listener forms, until removed', async () => {
    const dev = await pageWallet()
    const accountChanges = vi.fn()
    const disconnects = vi.fn()
    dev.provider.addListener('accountChange', accountChanges)
    const off = dev.provider.addListener({ eventName: 'disconnect', cb: disconnects })

    dev.control.selectAccount(1)
    expect(accountChanges).not.toHaveBeenCalled()
    await satsResult(dev, 'getAddresses', { purposes: ['payment'] })
    dev.control.selectAccount(0)
    dev.control.selectAccount(second!.payment.address)
    expect(accountChanges.mock.calls.map(([event]) => event.addresses[0].address)).toEqual([
      first!.payment.address,
      second!.payment.address,
    ])
    expect(accountChanges.mock.calls[0]![0]).toMatchObject({ type: 'accountChange' })

    dev.control.revoke()
    expect(disconnects).toHaveBeenCalledExactlyOnceWith({ type: 'disconnect' })
    await satsResult(dev, 'getAddresses', { purposes: ['payment'] })
    await satsResult(dev, 'wallet_disconnect')
    expect(disconnects).toHaveBeenCalledTimes(2)
    off()
    dev.control.revoke()
    await satsResult(dev, 'getAddresses', { purposes: ['payment'] })
    dev.control.revoke()
    expect(disconnects).toHaveBeenCalledTimes(2)
    expect(() => dev.provider.addListener('nope' as 'disconnect', () => {})).toThrow(
      /addListener takes/,
    )
  })
})
