import './test/window.js'
import { ASYNC_INJECTION_WAIT_MS, type Connector } from '@latch/core'
import { BITCOIN_DEV_WALLET_ICON, BITCOIN_DEV_WALLET_NAME } from '@latch/bitcoin-wallet'
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { bitcoinAdapter, type BitcoinAdapter } from './index.js'
import { page, removeProvider, useStacks } from './test/harness.js'

const start = useStacks()
const adapters: BitcoinAdapter[] = []
const cleanups: (() => void)[] = []
afterEach(() => {
  adapters.splice(0).forEach((adapter) => adapter.destroy())
  cleanups.splice(0).forEach((cleanup) => cleanup())
})

/** Starts discovery and keeps every list it publishes. */
function watch(options: Parameters<typeof bitcoinAdapter>[0] = {}) {
  const adapter = bitcoinAdapter(options)
  adapters.push(adapter)
  const lists: (readonly Connector[])[] = []
  adapter.watchConnectors((connectors) => lists.push(connectors))
  const ids = () => (lists.at(-1) ?? []).map((connector) => connector.id)
  return { adapter, lists, ids }
}

/** Puts a provider entry (and, unless it carries `request`, its global) on the page. */
function announce(entry: Record<string, unknown>, provider?: object) {
  if (!Array.isArray(page.btc_providers)) page.btc_providers = []
  ;(page.btc_providers as unknown[]).push(entry)
  if (provider) page[entry.id as string] = provider
  cleanups.push(() => removeProvider(entry.id as string))
}

const answering = { request: async () => ({ jsonrpc: '2.0', id: '1', result: null }) }

describe('discovery', () => {
  it('lists the dev wallet once, by its Wallet Standard face, name and icon untouched', async () => {
    const { ids, adapter: other } = await start()
    const { lists, adapter } = watch()
    expect(lists.at(-1)).toEqual([
      {
        id: BITCOIN_DEV_WALLET_NAME,
        type: 'ANNOUNCED',
        name: BITCOIN_DEV_WALLET_NAME,
        imageUrl: BITCOIN_DEV_WALLET_ICON,
        chain: 'bip122',
      },
    ])
    expect(ids.standard).toBe(BITCOIN_DEV_WALLET_NAME)
    // Its sats-connect face, named the same, is the same wallet: not a second row, but still
    // reachable by id (a visitor who connected through it reconnects through it).
    const connected = await adapter.connect({ connectorId: ids.satsConnect })
    expect(connected.accounts).toHaveLength(2)
    other.destroy()
  })

  it('lists a sats-connect provider with its own name, after the Wallet Standard wallets', async () => {
    const { ids } = await start()
    announce({ id: 'OtherBitcoin', name: 'Other Bitcoin', icon: 'data:,' }, answering)
    expect(watch().ids()).toEqual([ids.standard, 'OtherBitcoin'])
  })

  it('ignores Wallet Standard wallets without bitcoin:connect, and malformed provider entries', async () => {
    const solanaOnly = {
      version: '1.0.0' as const,
      name: 'Not Bitcoin',
      icon: 'data:image/svg+xml;base64,AA==' as const,
      chains: ['solana:mainnet' as const],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
      },
      accounts: [],
    }
    cleanups.push(getWallets().register(solanaOnly))
    announce({ id: 'NoProvider', name: 'No provider' })
    announce({ id: 'NotCallable', name: 'Not callable' }, { request: 'no' })
    announce({ id: 'Nameless' }, answering)
    announce({ id: '__proto__', name: 'Prototype' })
    const { ids } = watch()
    expect(ids()).toEqual([])
  })

  it('finds a provider at a dotted path, or in the entry itself (WBIP-004)', () => {
    page.Vendor = { BitcoinProvider: answering }
    cleanups.push(() => delete page.Vendor)
    announce({ id: 'Vendor.BitcoinProvider', name: 'Nested' })
    announce({ id: 'SelfProvider', name: 'Self', ...answering })
    expect(watch().ids()).toEqual(['Vendor.BitcoinProvider', 'SelfProvider'])
  })

  it('adds a wallet registered later and a provider announced later; drops them when they go', async () => {
    const { lists, ids } = watch()
    expect(ids()).toEqual([])
    const stack = await start()
    // The Wallet Standard announces; btc_providers is read again shortly after and on connect.
    expect(ids()).toContain(stack.ids.standard)
    // A provider of its own name (the dev wallet's other face is merged into its row).
    announce({ id: 'LateBitcoin', name: 'Late Bitcoin', icon: 'data:,' }, answering)
    await expect.poll(ids, { timeout: ASYNC_INJECTION_WAIT_MS * 2 }).toContain('LateBitcoin')
    removeProvider('LateBitcoin')
    removeProvider(stack.ids.satsConnect)
    // Asking for a connector reads the list again.
    await expect(stack.adapter.connect({ connectorId: stack.ids.satsConnect })).rejects.toThrow(
      'Provider not found.',
    )
    const now: string[] = []
    stack.adapter.watchConnectors((connectors) =>
      now.splice(0, now.length, ...connectors.map((c) => c.id)),
    )
    expect(now).toEqual([stack.ids.standard])
    expect(lists.length).toBeGreaterThan(1)
  })

  it('keeps a name with the first wallet to claim it: a look-alike is ignored', async () => {
    const { dev, adapter, ids } = await start()
    const lookAlike = { ...dev.wallet, accounts: [], features: { ...dev.wallet.features } }
    cleanups.push(getWallets().register(lookAlike))
    announce({ id: ids.satsConnect, name: 'Look-alike', ...answering })
    const { lists } = watch()
    expect(lists.at(-1)?.map((c) => c.name)).toEqual([BITCOIN_DEV_WALLET_NAME])
    // Still the real wallet behind the id.
    const connected = await adapter.connect({ connectorId: ids.standard })
    expect(connected.accounts).toHaveLength(2)
  })

  it('hides excluded wallets, by id or name', async () => {
    const { ids } = await start()
    expect(watch({ excludeWalletIds: [ids.satsConnect] }).ids()).toEqual([ids.standard])
    expect(watch({ excludeWalletIds: [BITCOIN_DEV_WALLET_NAME.toUpperCase()] }).ids()).toEqual([])
  })

  it('does nothing at construction, and refuses wrong options by name', () => {
    const before = page.btc_providers
    const adapter = bitcoinAdapter({ feeTarget: 6, messageProtocol: 'ecdsa' })
    expect(adapter.namespace).toBe('bip122')
    expect(page.btc_providers).toBe(before)
    expect(() => bitcoinAdapter({ feeTarget: 0 })).toThrow('Invalid Latch options: feeTarget')
    expect(() => bitcoinAdapter({ messageProtocol: 'schnorr' as 'ecdsa', feeTarget: 1.5 })).toThrow(
      'Invalid Latch options: messageProtocol, feeTarget',
    )
  })
})
