import './test/window.js'
import type { Connector } from '@latch/core'
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { solanaAdapter, type SolanaAdapter } from './index.js'
import { createTestWallet } from './test/test-wallet.js'
import { registerTestWallet, uniqueName } from './test/harness.js'
import { solanaDevnetAccounts } from '@latch/solana-devnet'

const adapters: SolanaAdapter[] = []
afterEach(() => adapters.splice(0).forEach((adapter) => adapter.destroy()))

/** Starts discovery and keeps every list it publishes. */
function watch(options: Parameters<typeof solanaAdapter>[0] = {}) {
  const adapter = solanaAdapter(options)
  adapters.push(adapter)
  const lists: (readonly Connector[])[] = []
  adapter.watchConnectors((connectors) => lists.push(connectors))
  const names = () => (lists.at(-1) ?? []).map((connector) => connector.name)
  return { adapter, lists, names }
}

describe('Wallet Standard discovery', () => {
  it('lists a wallet registered before discovery started, as a solana connector', async () => {
    const wallet = await registerTestWallet({ label: 'before' })
    const { lists } = watch()
    const connector = lists.at(-1)?.find((c) => c.name === wallet.name)
    expect(connector).toEqual({
      id: wallet.name,
      type: 'ANNOUNCED',
      name: wallet.name,
      imageUrl: wallet.icon,
      chain: 'solana',
    })
  })

  it('adds a wallet registered after discovery started', async () => {
    const { names, lists } = watch()
    const published = lists.length
    const wallet = await registerTestWallet({ label: 'after' })
    expect(lists.length).toBe(published + 1)
    expect(names()).toContain(wallet.name)
  })

  it('ignores a wallet without standard:events, and one with neither transaction feature', async () => {
    const withoutEvents = await registerTestWallet({ label: 'no-events', withoutEvents: true })
    const noSigning = await createTestWallet({
      name: uniqueName('no-signing'),
      keypairs: solanaDevnetAccounts().slice(1, 2),
      rpcUrl: 'http://127.0.0.1:9',
      chain: 'solana:localnet',
    })
    const features = { ...noSigning.features }
    delete features['solana:signTransaction']
    delete features['solana:signAndSendTransaction']
    getWallets().register({ ...noSigning, features, accounts: [] })
    const good = await registerTestWallet({ label: 'good' })
    const { names } = watch()
    expect(names()).toContain(good.name)
    expect(names()).not.toContain(withoutEvents.name)
    expect(names()).not.toContain(noSigning.name)
  })

  it('accepts a wallet that can sign transactions but not send them', async () => {
    const wallet = await registerTestWallet({ label: 'sign-only', signOnly: true })
    expect(watch().names()).toContain(wallet.name)
  })

  it('drops an unregistered wallet', async () => {
    const wallet = await createTestWallet({
      name: uniqueName('leaving'),
      keypairs: solanaDevnetAccounts().slice(1, 2),
      rpcUrl: 'http://127.0.0.1:9',
      chain: 'solana:localnet',
    })
    const unregister = getWallets().register(wallet)
    const { names, adapter } = watch()
    expect(names()).toContain(wallet.name)
    unregister()
    expect(names()).not.toContain(wallet.name)
    await expect(adapter.connect({ connectorId: wallet.name })).rejects.toThrow(
      'Provider not found.',
    )
  })

  it('keeps the first wallet to claim a name; a look-alike cannot take it over', async () => {
    const first = await registerTestWallet({ label: 'first' })
    const impostor = await registerTestWallet({ label: 'impostor', name: first.name })
    const { names, adapter } = watch()
    expect(names().filter((name) => name === first.name)).toHaveLength(1)
    impostor.approval = 'reject'
    const result = await adapter.connect({ connectorId: first.name })
    expect(result.accounts).toHaveLength(1)
  })

  it('hides wallets named in excludeWalletIds', async () => {
    const hidden = await registerTestWallet({ label: 'hidden' })
    const shown = await registerTestWallet({ label: 'shown' })
    const { names } = watch({ excludeWalletIds: [hidden.name] })
    expect(names()).toContain(shown.name)
    expect(names()).not.toContain(hidden.name)
  })

  it('stops publishing once the watch is stopped', async () => {
    const adapter = solanaAdapter()
    adapters.push(adapter)
    const lists: (readonly Connector[])[] = []
    const stop = adapter.watchConnectors((connectors) => lists.push(connectors))
    stop()
    await registerTestWallet({ label: 'unwatched' })
    expect(lists).toHaveLength(1)
  })
})
