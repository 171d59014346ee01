import { describe, expect, it, vi } from 'vitest'
import { LatchError, isLatchError } from '../errors/latch-error.js'
import { selectRoute } from '../machines/modal.selectors.js'
import { LatchOptionsError } from '../options/options-error.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { touchedBrowserGlobals } from '../test/browser-globals.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { createLatch, type LatchEnvironment } from './create-latch.js'

function setup(
  env: LatchEnvironment = {},
  wallets = [fakeWallet('io.dev.a'), fakeWallet('io.dev.b')],
) {
  const fake = createFakeAdapter('eip155', wallets)
  const port = env.storage ?? createMemoryStorage()
  const latch = createLatch(
    { projectId: 'test-project', networks: [devnetA, devnetB], adapters: [fake.adapter] },
    { storage: port, clearBrowserData: async () => {}, ...env },
  )
  const view = () => selectRoute(latch.modal.getSnapshot()).view
  const isOpen = () => latch.modal.getSnapshot().matches({ visibility: 'open' })
  /** As a user would: the wallet's waiting view, which core's flow turns into a connect. */
  const connectWallet = async (id = 'io.dev.a') => {
    latch.start()
    latch.open({ route: { view: 'ConnectingExternal', data: { connectorId: id } } })
    await flush()
  }
  return { latch, fake, port, view, isOpen, connectWallet }
}

describe('createLatch: options', () => {
  it('a missing project id shows the PROJECT_ID_NOT_CONFIGURED alert instead of crashing', () => {
    const latch = createLatch({ networks: [devnetA] }, { storage: createMemoryStorage() })
    expect(latch.getAlerts()).toEqual([
      expect.objectContaining({
        code: 'PROJECT_ID_NOT_CONFIGURED',
        message: 'Project ID Not Configured',
      }),
    ])
  })

  it('invalid options throw one error naming every wrong field', () => {
    let error: unknown
    try {
      createLatch({
        projectId: 'p',
        networks: [],
        themeMode: 'blue' as never,
        allowUnsupportedChain: 'yes' as never,
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(LatchOptionsError)
    const paths = (error as LatchOptionsError).issues.map((issue) => issue.path)
    expect(paths).toEqual(
      expect.arrayContaining(['networks', 'themeMode', 'allowUnsupportedChain']),
    )
    for (const path of ['networks', 'themeMode', 'allowUnsupportedChain'])
      expect((error as Error).message).toContain(path)
  })

  it('touches no browser global until start()', async () => {
    const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
    const touched = await touchedBrowserGlobals(
      ['window', 'document', 'localStorage', 'indexedDB'],
      () => {
        const latch = createLatch({ projectId: 'p', networks: [devnetA], adapters: [fake.adapter] })
        latch.getAccount()
        latch.getActiveNetwork()
      },
    )
    expect(touched).toEqual([])
    expect(fake.calls).toEqual([])
  })
})

describe('createLatch: page helpers', () => {
  it('open() follows the opening rules and close() resets to Connect', async () => {
    const { latch, view, isOpen, connectWallet } = setup()
    latch.open()
    expect([isOpen(), view()]).toEqual([true, 'Connect'])
    latch.close()
    await connectWallet()
    latch.open()
    expect(view()).toBe('Account')
  })

  it('connect() resolves at once with acct and connectorData when already connected', async () => {
    const { latch, connectWallet, fake } = setup()
    latch.start()
    await connectWallet()
    const wallet = fake.wallets[0]!
    await expect(latch.connect()).resolves.toEqual({
      acct: wallet.accounts[0]!.address,
      connectorData: { name: 'Wallet io.dev.a', icon: 'data:image/svg+xml,io.dev.a' },
    })
  })

  it('connect() opens the modal and resolves on the next connection', async () => {
    const { latch, isOpen, connectWallet, fake } = setup()
    const pending = latch.connect()
    await flush()
    expect(isOpen()).toBe(true)
    await connectWallet('io.dev.b')
    await expect(pending).resolves.toMatchObject({ acct: fake.wallets[1]!.accounts[0]!.address })
    expect(isOpen()).toBe(false)
  })

  it('connect() failure clears the browser databases and storage, then rejects', async () => {
    const clearBrowserData = vi.fn(async () => {})
    const { latch, port, connectWallet, fake } = setup({ clearBrowserData })
    fake.wallets[0]!.answer = 'reject'
    latch.start()
    port.setItem('@latch/email', JSON.stringify('someone@example.com'))
    port.setItem('host-key', 'kept')
    const pending = latch.connect()
    await flush()
    await connectWallet('io.dev.a')
    const error = await pending.catch((e: unknown) => e)
    expect(isLatchError(error, 'USER_REJECTED')).toBe(true)
    expect(clearBrowserData).toHaveBeenCalledOnce()
    expect(
      port.keys().filter((key) => key.startsWith('@latch/') && key !== '@latch/storageVersion'),
    ).toEqual([])
    expect(port.getItem('host-key')).toBe('kept')
  })

  it('connect() rejects without clearing anything when the user closes the modal', async () => {
    const clearBrowserData = vi.fn(async () => {})
    const { latch } = setup({ clearBrowserData })
    const pending = latch.connect()
    await flush()
    latch.close()
    await expect(pending).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(clearBrowserData).not.toHaveBeenCalled()
  })

  it('disconnect() ends disconnected and tells the wallet', async () => {
    const { latch, connectWallet, fake } = setup()
    latch.start()
    await connectWallet()
    await latch.disconnect()
    expect(latch.getAccount()).toMatchObject({ isConnected: false, status: 'disconnected' })
    expect(fake.calls).toContain('disconnect:io.dev.a')
  })

  it('subscribeAccount reports each change once', async () => {
    const { latch, connectWallet } = setup()
    const seen: string[] = []
    latch.subscribeAccount((account) => seen.push(account.status))
    await connectWallet()
    await latch.disconnect()
    expect(seen).toEqual(['connecting', 'connected', 'disconnected'])
  })
})

describe('createLatch: storage and reconnect', () => {
  it('reconnects silently on load, the most recently used wallet first', async () => {
    const port = createMemoryStorage()
    const first = setup({ storage: port })
    first.latch.start()
    await first.connectWallet('io.dev.b')
    await first.connectWallet('io.dev.a')
    first.latch.destroy()

    const wallets = first.fake.wallets
    const second = setup({ storage: port }, wallets)
    second.latch.start()
    await flush()
    await flush()
    expect(second.fake.calls.filter((c) => c.startsWith('reconnect'))).toEqual([
      'reconnect:io.dev.a',
      'reconnect:io.dev.b',
    ])
    expect(second.latch.getAccount()).toMatchObject({
      isConnected: true,
      address: wallets[0]!.accounts[0]!.address,
    })
    expect(second.fake.calls).not.toContain('connect:io.dev.a')
  })

  it('a reconnect keeps the remembered order and the recent wallets as they were', async () => {
    const port = createMemoryStorage()
    const first = setup({ storage: port })
    first.latch.start()
    await first.connectWallet('io.dev.b')
    await first.connectWallet('io.dev.a')
    const remembered = port.getItem('@latch/connections')
    const recent = port.getItem('@latch/recentWallets')
    first.latch.destroy()

    const second = setup({ storage: port }, first.fake.wallets)
    second.latch.start()
    await flush()
    await flush()
    expect(second.latch.getAccount().isConnected).toBe(true)
    expect(port.getItem('@latch/connections')).toBe(remembered)
    expect(port.getItem('@latch/recentWallets')).toBe(recent)
  })

  it('a wallet the user disconnected is not auto-reconnected next time', async () => {
    const port = createMemoryStorage()
    const first = setup({ storage: port })
    first.latch.start()
    await first.connectWallet()
    await first.latch.disconnect()
    first.fake.wallets[0]!.authorized = true // the wallet itself would still allow it
    first.latch.destroy()

    const second = setup({ storage: port }, first.fake.wallets)
    second.latch.start()
    await flush()
    expect(second.fake.calls.filter((c) => c.startsWith('reconnect'))).toEqual([])
    expect(second.latch.getAccount().isConnected).toBe(false)
  })

  it('keeps at most 2 recent wallets, most recent first', async () => {
    const { latch, port, connectWallet } = setup({}, [
      fakeWallet('a1'),
      fakeWallet('b2'),
      fakeWallet('c3'),
    ])
    latch.start()
    await connectWallet('a1')
    await connectWallet('b2')
    await connectWallet('c3')
    const recent = JSON.parse(port.getItem('@latch/recentWallets')!) as Array<{ id: string }>
    expect(recent.map((w) => w.id)).toEqual(['c3', 'b2'])
  })

  it('a corrupted stored value never crashes start-up: it is dropped and reported', async () => {
    const port = createMemoryStorage({
      '@latch/storageVersion': '1',
      '@latch/connections': '{not json',
    })
    const reports: string[] = []
    const { latch } = setup({
      storage: port,
      onStorageReport: (r) => reports.push(`${r.kind}:${r.key}`),
    })
    expect(() => latch.start()).not.toThrow()
    await flush()
    expect(reports).toContain('corrupt:@latch/connections')
    expect(port.getItem('@latch/connections')).toBeNull()
  })

  it('two instances on one page share nothing', async () => {
    const a = setup()
    const b = setup()
    a.latch.start()
    b.latch.start()
    await a.connectWallet()
    a.latch.open()
    expect(a.latch.getAccount().isConnected).toBe(true)
    expect(b.latch.getAccount().isConnected).toBe(false)
    expect(b.isOpen()).toBe(false)
    expect(a.latch.actor.system).not.toBe(b.latch.actor.system)
  })
})

describe('createLatch: wallets and networks', () => {
  it('a wallet reporting zero accounts disconnects the page', async () => {
    const { latch, connectWallet, fake } = setup()
    latch.start()
    await connectWallet()
    fake.emit({ type: 'accountsChanged', connectorId: 'io.dev.a', accounts: [] })
    expect(latch.getAccount().isConnected).toBe(false)
  })

  it('switching to a chain the wallet lacks adds it (4902) and retries, then goes back', async () => {
    const { latch, connectWallet, fake, view } = setup()
    latch.start()
    await connectWallet()
    latch.open()
    const views: string[] = []
    const sub = latch.modal.subscribe(() => views.push(view()))
    // Core confirms: showing the SwitchNetwork view is what asks the wallet (no view needed).
    await latch.switchNetwork(devnetB)
    sub.unsubscribe()
    expect(views).toContain('SwitchNetwork')
    expect(fake.calls.filter((c) => /^(switch|add):/.test(c))).toEqual([
      'switch:eip155:31338',
      'add:eip155:31338',
      'switch:eip155:31338',
    ])
    expect(latch.getActiveNetwork()?.caipNetworkId).toBe('eip155:31338')
    expect(latch.getAccount().caipAddress).toMatch(/^eip155:31338:/)
    expect(view()).toBe('Account')
  })

  it('a wallet moving to an unconfigured chain opens UnsupportedChain', async () => {
    const { latch, connectWallet, fake, view, isOpen } = setup()
    latch.start()
    await connectWallet()
    fake.emit({ type: 'chainChanged', connectorId: 'io.dev.a', chainReference: '999' })
    expect([isOpen(), view()]).toEqual([true, 'UnsupportedChain'])
  })

  it('remembers the active network for the next visit', async () => {
    const port = createMemoryStorage()
    const first = setup({ storage: port })
    first.latch.start()
    await first.latch.switchNetwork(devnetB)
    first.latch.destroy()
    const second = setup({ storage: port })
    expect(second.latch.getActiveNetwork()?.caipNetworkId).toBe('eip155:31337')
    await second.latch.ready()
    expect(second.latch.getActiveNetwork()?.caipNetworkId).toBe('eip155:31338')
  })
})

describe('createLatch: unsupported chains (SPEC §2)', () => {
  it('a wallet that connects on an unconfigured chain shows UnsupportedChain, not a closed modal', async () => {
    const { latch, fake, view, isOpen } = setup({}, [
      fakeWallet('io.dev.a', { chainReference: '999', knownChains: new Set(['999']) }),
    ])
    void latch.connect({ connectorId: fake.wallets[0]!.connector.id })
    await flush()
    expect([isOpen(), view()]).toEqual([true, 'UnsupportedChain'])
  })

  it('leaves UnsupportedChain once the wallet is back on a supported network', async () => {
    const { latch, connectWallet, fake, isOpen } = setup()
    latch.start()
    await connectWallet()
    fake.emit({ type: 'chainChanged', connectorId: 'io.dev.a', chainReference: '999' })
    expect(isOpen()).toBe(true)
    fake.emit({ type: 'chainChanged', connectorId: 'io.dev.a', chainReference: '31338' })
    expect(isOpen()).toBe(false)
  })

  it('a disconnect on UnsupportedChain shows Connect', async () => {
    const { latch, connectWallet, fake, view } = setup()
    latch.start()
    await connectWallet()
    fake.emit({ type: 'chainChanged', connectorId: 'io.dev.a', chainReference: '999' })
    await latch.disconnect()
    expect(view()).toBe('Connect')
  })
})

describe('createLatch: closing the modal', () => {
  it('abandons a connect the wallet never answers, and stops asking it', async () => {
    const { latch, fake } = setup({}, [fakeWallet('io.dev.a')])
    let signal: AbortSignal | undefined
    fake.adapter.connect = (request) => {
      signal = request.signal
      return new Promise(() => {})
    }
    const pending = latch.connect({ connectorId: 'io.dev.a' })
    await flush()
    expect(latch.getAccount().status).toBe('connecting')
    expect(signal?.aborted).toBe(false)
    latch.close()
    expect(latch.getAccount().status).toBe('disconnected')
    expect(signal?.aborted).toBe(true)
    await expect(pending).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })
})

describe('createLatch: a failed network switch', () => {
  it('goes back and says why in an error toast (SPEC §2, §8)', async () => {
    const { latch, connectWallet, fake, view } = setup()
    latch.start()
    await connectWallet()
    fake.adapter.switchNetwork = async () =>
      Promise.reject(Object.assign(new Error('no'), { code: 4001 }))
    latch.open()
    const switched = latch.switchNetwork(devnetB)
    await expect(switched).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(view()).toBe('Account')
    expect(latch.toast.getSnapshot().context.toast).toEqual({
      message: 'User rejected the request.',
      code: 'USER_REJECTED',
      variant: 'error',
    })
  })
  it("keeps the error's placeholder values, so the toast's translation can fill them in", async () => {
    const { latch, connectWallet, fake } = setup()
    latch.start()
    await connectWallet()
    fake.adapter.switchNetwork = async () =>
      Promise.reject(new LatchError('HTTP_STATUS', { values: { status: 503 } }))
    latch.open()
    await expect(latch.switchNetwork(devnetB)).rejects.toMatchObject({ code: 'HTTP_STATUS' })
    expect(latch.toast.getSnapshot().context.toast).toEqual({
      message: 'HTTP status code: 503',
      code: 'HTTP_STATUS',
      values: { status: 503 },
      variant: 'error',
    })
  })
})
