import { describe, expect, it, vi } from 'vitest'
import { selectRoute } from '../machines/modal.selectors.js'
import { selectPairing } from '../walletconnect/pairing-state.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import {
  createFakeWalletConnect,
  WC_ADDRESS,
  type FakeSessionStore,
} from '../test/fake-walletconnect.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { route } from '../router/routes.js'
import type { StoragePort } from '../storage/storage-port.js'
import { createLatch } from './create-latch.js'

async function settle() {
  for (let i = 0; i < 4; i++) await flush()
}

/** One "page": an instance over shared storage and a shared relay-side session store. */
function page(storage: StoragePort, store: FakeSessionStore, options: { adapters?: boolean } = {}) {
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const wc = createFakeWalletConnect(store)
  const latch = createLatch(
    {
      projectId: 'test-project',
      networks: [devnetA, devnetB],
      adapters: options.adapters === false ? [] : [fake.adapter],
      walletConnect: {
        relayUrl: 'ws://127.0.0.1:1/',
        verifyUrl: 'http://127.0.0.1:1',
        load: wc.loader,
      },
    },
    { storage, clearBrowserData: async () => {} },
  )
  latch.start()
  const view = () => selectRoute(latch.modal.getSnapshot()).view
  return { latch, fake, wc, view }
}

/** The visitor opens the QR view and the wallet approves the first proposal. */
async function pairFromQrView({ latch, wc }: ReturnType<typeof page>) {
  latch.open({ route: route('ConnectingWalletConnect', {}) })
  await settle()
  wc.pairings[0]!.approve()
  await settle()
}

describe('WalletConnect through a Latch instance', () => {
  it('downloads nothing until a visitor pairs', async () => {
    const { latch, wc } = page(createMemoryStorage(), { session: null })
    expect(latch.walletConnectAvailable).toBe(true)
    latch.open()
    await settle()
    expect(wc.loads()).toBe(0)
  })

  it("takes the session's chain when the adapter cannot ask the wallet for one", async () => {
    const session = page(createMemoryStorage(), { session: null })
    const connect = session.fake.adapter.connect
    // As Solana's WalletConnect methods: accounts, but no chain query (the adapter's default).
    session.fake.adapter.connect = async (request) => ({
      ...(await connect(request)),
      chainReference: '1',
    })
    await pairFromQrView(session)
    expect(session.latch.getAccount().caipAddress).toBe(`eip155:31337:${WC_ADDRESS}`)
    expect(session.view()).not.toBe('UnsupportedChain')
  })

  it('pairs from the QR view: URI shown, approved, connected through the adapter', async () => {
    const { latch, wc, fake, view } = page(createMemoryStorage(), { session: null })
    latch.open({ route: route('ConnectingWalletConnect', {}) })
    await settle()
    expect(wc.loads()).toBe(1)
    expect(wc.configs[0]).toMatchObject({
      projectId: 'test-project',
      relayUrl: 'ws://127.0.0.1:1/',
      verifyUrl: 'http://127.0.0.1:1',
      storagePrefix: '@latch/',
      optionalNamespaces: { eip155: { chains: ['eip155:31337', 'eip155:31338'] } },
    })
    expect(latch.walletConnect.getSnapshot().context.uri).toBe(wc.pairings[0]!.uri)

    wc.pairings[0]!.approve()
    await settle()
    expect(fake.calls).toContain('lend:walletConnect:on')
    expect(latch.getAccount()).toMatchObject({
      isConnected: true,
      address: WC_ADDRESS,
      caipAddress: `eip155:31337:${WC_ADDRESS}`,
    })
    const current = latch.connection.getSnapshot().context.connections[0]!
    expect(current.connector).toMatchObject({
      id: 'walletConnect',
      type: 'WALLET_CONNECT',
      name: 'Phone Wallet',
      imageUrl: 'https://wallet.example/icon.png',
    })
    // SPEC §2: after connecting the modal closes.
    expect(latch.modal.getSnapshot().matches({ visibility: 'open' })).toBe(false)
    expect(view()).not.toBe('ConnectingWalletConnect')
  })

  it('closing the modal abandons the proposal', async () => {
    const { latch, wc } = page(createMemoryStorage(), { session: null })
    latch.open({ route: route('ConnectingWalletConnect', {}) })
    await settle()
    latch.close()
    await settle()
    expect(wc.pairings[0]!.request.signal.aborted).toBe(true)
    expect(latch.walletConnect.getSnapshot().value).toBe('idle')
  })

  it('an unreachable relay fails the pairing after 15 s instead of waiting forever; Try again pairs', async () => {
    vi.useFakeTimers()
    try {
      const { latch, wc } = page(createMemoryStorage(), { session: null })
      wc.relay.up = false
      latch.open({ route: route('ConnectingWalletConnect', {}) })
      await settle()
      expect(selectPairing(latch.walletConnect.getSnapshot()).phase).toBe('waiting')

      await vi.advanceTimersByTimeAsync(15_000)
      const failed = selectPairing(latch.walletConnect.getSnapshot())
      expect(failed.phase).toBe('failed')
      expect(failed.error?.code).toBe('RELAY_UNREACHABLE')
      expect(wc.pairings[0]!.request.signal.aborted).toBe(true)

      wc.relay.up = true
      latch.walletConnect.send({ type: 'RETRY' })
      await settle()
      expect(selectPairing(latch.walletConnect.getSnapshot())).toMatchObject({
        phase: 'showing',
        uri: wc.pairings[1]!.uri,
      })
      wc.pairings[1]!.approve()
      await settle()
      expect(latch.getAccount()).toMatchObject({ isConnected: true, address: WC_ADDRESS })
    } finally {
      vi.useRealTimers()
    }
  })

  it('restores the session on reload, through the reconnecting state', async () => {
    const storage = createMemoryStorage()
    const store: FakeSessionStore = { session: null }
    const first = page(storage, store)
    await pairFromQrView(first)
    first.latch.destroy()
    await settle()
    // The old page lets go of its client; the session stays for the next one.
    expect(first.wc.calls).toContain('close')
    expect(first.wc.calls).not.toContain('disconnect')

    const second = page(storage, store)
    const statuses: string[] = []
    second.latch.subscribeAccount((account) => statuses.push(account.status))
    await settle()
    expect(second.wc.calls).toContain('restore')
    expect(second.latch.getAccount()).toMatchObject({ isConnected: true, address: WC_ADDRESS })
    expect(statuses[statuses.length - 1]).toBe('connected')
  })

  it('a reload with no live session left stays disconnected', async () => {
    const storage = createMemoryStorage()
    const store: FakeSessionStore = { session: null }
    const first = page(storage, store)
    await pairFromQrView(first)
    first.latch.destroy()
    store.session = null // expired, or ended while the page was away

    const second = page(storage, store)
    await settle()
    expect(second.latch.getAccount().isConnected).toBe(false)
    expect(second.latch.getAccount().status).toBe('disconnected')
  })

  it('a session the wallet deletes disconnects the page', async () => {
    const paired = page(createMemoryStorage(), { session: null })
    const { latch, wc, fake } = paired
    await pairFromQrView(paired)
    wc.deleteSession()
    await settle()
    expect(latch.getAccount()).toMatchObject({ isConnected: false, status: 'disconnected' })
    expect(fake.calls).toContain('lend:walletConnect:off')
  })

  it('disconnecting from the page ends the session once', async () => {
    const paired = page(createMemoryStorage(), { session: null })
    const { latch, wc } = paired
    await pairFromQrView(paired)
    await latch.disconnect()
    expect(wc.calls.filter((c) => c === 'disconnect')).toHaveLength(1)
    expect(wc.store.session).toBeNull()
  })

  it('with no adapters (basic), the session itself is the connection', async () => {
    const { latch, wc } = page(createMemoryStorage(), { session: null }, { adapters: false })
    latch.open()
    await settle()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('ConnectingWalletConnectBasic')
    await settle()
    wc.pairings[0]!.approve()
    await settle()
    expect(latch.getAccount()).toMatchObject({ isConnected: true, address: WC_ADDRESS })
  })
})

describe('page actions on a WalletConnect account', () => {
  it('sign and send go to the adapter with the session connector; without an account they fail clearly', async () => {
    const paired = page(createMemoryStorage(), { session: null })
    const { latch, fake } = paired
    await expect(latch.signMessage('hello')).rejects.toThrow('No ActiveCaipAddress found')
    await pairFromQrView(paired)
    await expect(latch.signMessage('hello')).resolves.toMatch(/^0x(ab){65}$/)
    await expect(latch.sendTransaction({ to: WC_ADDRESS, value: 1n })).resolves.toMatch(
      /^0x(12){32}$/,
    )
    expect(fake.calls).toContain('connect:walletConnect')
  })
})
