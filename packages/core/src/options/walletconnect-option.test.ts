import { afterEach, describe, expect, it, vi } from 'vitest'
import { selectRoute } from '../machines/modal.selectors.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { createFakeWalletConnect } from '../test/fake-walletconnect.js'
import { devnetA } from '../testing/networks.js'
import { createLatch } from '../latch/create-latch.js'
import type { WalletConnectLoadContext, WalletConnectOption } from './walletconnect-option.js'

const env = () => ({ storage: createMemoryStorage(), clearBrowserData: async () => {} })

/** The `walletConnect` option a host gets from @latch/walletconnect, over the fake client. */
function option(relayUrl?: string) {
  const wc = createFakeWalletConnect()
  const contexts: WalletConnectLoadContext[] = []
  const walletConnect: WalletConnectOption = {
    ...(relayUrl ? { relayUrl } : {}),
    load: async (config, context) => {
      contexts.push(context)
      return wc.loader(config)
    },
  }
  return { wc, contexts, walletConnect }
}

afterEach(() => vi.unstubAllGlobals())

describe('the walletConnect option: one createLatch, with or without React', () => {
  it('without it, WalletConnect is not offered, and no QR view is opened that could not work', () => {
    // No adapters: SPEC §2 rule 2 would open the basic (WalletConnect) QR view; there is none.
    const latch = createLatch({ projectId: 'p', networks: [devnetA] }, env())
    expect(latch.walletConnectAvailable).toBe(false)
    latch.open()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Connect')
    latch.destroy()
  })

  it('with it, the client loads on first pairing only, with the relay and the phone check', async () => {
    const { wc, contexts, walletConnect } = option('ws://127.0.0.1:4001')
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA], walletConnect },
      { ...env(), isMobile: () => true },
    )
    expect(latch.walletConnectAvailable).toBe(true)
    latch.start()
    await flush()
    expect(wc.loads()).toBe(0)
    latch.open({ route: { view: 'ConnectingWalletConnect', data: {} } })
    await flush()
    expect(wc.loads()).toBe(1)
    expect(wc.configs[0]).toMatchObject({ projectId: 'p', relayUrl: 'ws://127.0.0.1:4001' })
    expect(contexts[0]!.isMobile()).toBe(true)
    latch.destroy()
  })

  it('a project id is still needed', () => {
    const latch = createLatch(
      { projectId: '', networks: [devnetA], walletConnect: option().walletConnect },
      env(),
    )
    expect(latch.walletConnectAvailable).toBe(false)
    latch.destroy()
  })
})

describe("the phone check's default (SPEC §2 rule 2)", () => {
  const coarsePointer = () => ({
    matchMedia: (query: string) => ({ matches: query === '(pointer: coarse)' }),
  })

  it('is this device, read when the instance starts, not when it is created', () => {
    const { walletConnect } = option()
    // No adapters: rule 2 picks AllWallets on a phone, the QR view elsewhere.
    const latch = createLatch({ projectId: 'p', networks: [devnetA], walletConnect }, env())
    vi.stubGlobal('window', coarsePointer())
    latch.open()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('AllWallets')
    latch.destroy()
  })

  it('is false on a server, and a desktop gets the QR view', () => {
    const { walletConnect } = option()
    const latch = createLatch({ projectId: 'p', networks: [devnetA], walletConnect }, env())
    latch.open()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('ConnectingWalletConnectBasic')
    latch.destroy()
  })

  it("the host's own check wins, and WalletConnect is told the same", async () => {
    const { contexts, walletConnect } = option()
    vi.stubGlobal('window', coarsePointer())
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA], walletConnect },
      { ...env(), isMobile: () => false },
    )
    latch.open()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('ConnectingWalletConnectBasic')
    await latch.ready()
    await flush()
    expect(contexts[0]!.isMobile()).toBe(false)
    latch.destroy()
  })
})
