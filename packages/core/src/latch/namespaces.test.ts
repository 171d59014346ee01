import { describe, expect, it } from 'vitest'
import { selectRoute } from '../machines/modal.selectors.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA, devnetB, solanaLocal } from '../testing/networks.js'
import { createLatch } from './create-latch.js'

const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/** An EVM and a Solana wallet, each behind its own adapter, as a host with both would have. */
function setup(storage = createMemoryStorage(), wallets = bothWallets()) {
  const evm = createFakeAdapter('eip155', [wallets.evm])
  const solana = createFakeAdapter('solana', [wallets.solana])
  const latch = createLatch(
    {
      projectId: 'p',
      networks: [devnetA, devnetB, solanaLocal],
      adapters: [evm.adapter, solana.adapter],
    },
    { storage, clearBrowserData: async () => {} },
  )
  latch.start()
  return { latch, evm, solana, storage, wallets }
}

function bothWallets() {
  const evm = fakeWallet('io.dev.evm')
  const solana = fakeWallet('io.dev.sol', {
    chain: 'solana',
    accounts: [{ address: SOL_ADDRESS, type: 'eoa' }],
    chainReference: String(solanaLocal.id),
    knownChains: new Set([String(solanaLocal.id)]),
  })
  return { evm, solana }
}

const activeNetwork = (latch: ReturnType<typeof createLatch>) =>
  latch.getActiveNetwork()?.caipNetworkId

describe('createLatch: EVM and Solana side by side', () => {
  it("connecting a Solana wallet while on EVM makes Solana active, with the wallet's account", async () => {
    const { latch, wallets } = setup()
    await latch.connect({ connectorId: 'io.dev.evm' })
    expect(activeNetwork(latch)).toBe(devnetA.caipNetworkId)
    await latch.connect({ connectorId: 'io.dev.sol' })
    await flush()
    expect(activeNetwork(latch)).toBe(solanaLocal.caipNetworkId)
    expect(latch.getAccount()).toMatchObject({
      isConnected: true,
      address: SOL_ADDRESS,
      caipAddress: `${solanaLocal.caipNetworkId}:${SOL_ADDRESS}`,
    })
    // The EVM wallet is still connected, just not the current account.
    expect(latch.connection.getSnapshot().context.connections.map((c) => c.namespace)).toEqual([
      'solana',
      'eip155',
    ])
    expect(wallets.evm.authorized).toBe(true)
  })

  it("switching back to an EVM network makes the EVM wallet's account current again", async () => {
    const { latch, evm } = setup()
    await latch.connect({ connectorId: 'io.dev.evm' })
    await latch.connect({ connectorId: 'io.dev.sol' })
    await latch.switchNetwork(devnetA)
    expect(activeNetwork(latch)).toBe(devnetA.caipNetworkId)
    expect(latch.getAccount().address).toBe(evm.wallets[0]!.accounts[0]!.address)
    // Only the account changed hands: the EVM wallet was asked to switch, never to connect again.
    expect(evm.calls.filter((c) => c.startsWith('connect'))).toEqual(['connect:io.dev.evm'])
  })

  it('switching to Solana with no Solana wallet connected goes through SwitchActiveChain to Connect', async () => {
    const { latch } = setup()
    await latch.connect({ connectorId: 'io.dev.evm' })
    latch.open({ route: { view: 'Networks' } })
    latch.network.send({ type: 'SWITCH_NETWORK', network: solanaLocal })
    await flush()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('SwitchActiveChain')
    latch.network.send({ type: 'SWITCH_ACTIVE_CHAIN', namespace: 'solana', network: solanaLocal })
    await flush()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Connect')
    expect(activeNetwork(latch)).toBe(solanaLocal.caipNetworkId)
    // No account in Solana yet; the EVM wallet stays connected for when EVM is active again.
    expect(latch.getAccount()).toMatchObject({ isConnected: false, status: 'disconnected' })
    expect(latch.connection.getSnapshot().context.connections).toHaveLength(1)
    // Picking a Solana wallet there connects it; the modal stays open until it has.
    await expect(latch.connect({ connectorId: 'io.dev.sol' })).resolves.toMatchObject({
      acct: SOL_ADDRESS,
    })
    expect(latch.connection.getSnapshot().context.connections).toHaveLength(2)
  })

  it('a reload reconnects both wallets and keeps the network that was active', async () => {
    const first = setup()
    await first.latch.connect({ connectorId: 'io.dev.sol' })
    await first.latch.connect({ connectorId: 'io.dev.evm' })
    await first.latch.switchNetwork(solanaLocal)
    first.latch.destroy()

    const second = setup(first.storage, first.wallets)
    const asked: Array<string | undefined> = []
    const reconnect = second.solana.adapter.reconnect
    second.solana.adapter.reconnect = (request) => {
      asked.push(request.preferredNetwork?.caipNetworkId)
      return reconnect(request)
    }
    await second.latch.ready()
    for (let i = 0; i < 4; i++) await flush()
    expect(second.latch.connection.getSnapshot().context.connections).toHaveLength(2)
    expect(activeNetwork(second.latch)).toBe(solanaLocal.caipNetworkId)
    expect(second.latch.getAccount()).toMatchObject({ isConnected: true, address: SOL_ADDRESS })
    // A wallet without a chain of its own is told the restored Solana network.
    expect(asked).toEqual([solanaLocal.caipNetworkId])
  })

  it('opening the modal with a namespace goes to its first network without confirmation (rule 4)', async () => {
    const { latch } = setup()
    await latch.connect({ connectorId: 'io.dev.evm' })
    await latch.connect({ connectorId: 'io.dev.sol' })
    await latch.switchNetwork(devnetB)
    latch.open({ namespace: 'solana' })
    for (let i = 0; i < 4; i++) await flush()
    expect(activeNetwork(latch)).toBe(solanaLocal.caipNetworkId)
    expect(latch.getAccount().address).toBe(SOL_ADDRESS)
  })
})

describe('createLatch: removeAdapter', () => {
  it('removing the active adapter disconnects its wallets and moves to another adapter’s network', async () => {
    const { latch, solana, wallets } = setup()
    await latch.connect({ connectorId: 'io.dev.evm' })
    await latch.connect({ connectorId: 'io.dev.sol' })
    expect(activeNetwork(latch)).toBe(solanaLocal.caipNetworkId)
    await latch.removeAdapter('solana')
    // SPEC §4: the first network of another adapter, and that adapter's wallet is the account.
    expect(activeNetwork(latch)).toBe(devnetA.caipNetworkId)
    expect(latch.getAccount().address).toBe(wallets.evm.accounts[0]!.address)
    expect(solana.calls).toContain('disconnect:io.dev.sol')
    expect(solana.calls).toContain('unwatchConnectors')
    // Its wallets and networks are no longer offered.
    expect(latch.getConnectors().map((c) => c.id)).toEqual(['io.dev.evm'])
    expect(latch.network.getSnapshot().context.networks).toEqual([devnetA, devnetB])
    await expect(latch.removeAdapter('solana')).rejects.toMatchObject({ code: 'ADAPTER_NOT_FOUND' })
  })

  it('removing another adapter keeps the active network and account', async () => {
    const { latch, solana } = setup()
    await latch.connect({ connectorId: 'io.dev.evm' })
    await latch.removeAdapter('solana')
    expect(activeNetwork(latch)).toBe(devnetA.caipNetworkId)
    expect(latch.getAccount().isConnected).toBe(true)
    expect(solana.calls.filter((c) => c.startsWith('disconnect'))).toEqual([])
  })
})
