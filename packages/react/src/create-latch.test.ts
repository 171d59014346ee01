import {
  createMemoryStorage,
  route,
  selectRoute,
  type LatchOptions,
  type WalletConnectClient,
  type WalletConnectConfig,
} from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatch, loadWalletConnect } from './create-latch.js'
import { devnetA } from './test/networks.js'

// The real package is loaded by a dynamic import; here it is a stand-in that records the call.
const { client, createWalletConnectClient } = vi.hoisted(() => {
  const client = {} as WalletConnectClient
  return { client, createWalletConnectClient: vi.fn(async () => client) }
})
vi.mock('@latch/walletconnect', () => ({ createWalletConnectClient }))

const options = { projectId: 'p', networks: [devnetA] } as LatchOptions
const env = { storage: createMemoryStorage(), clearBrowserData: async () => undefined }

afterEach(() => {
  vi.unstubAllGlobals()
  createWalletConnectClient.mockClear()
})

describe("@latch/react's createLatch", () => {
  it('offers WalletConnect by default, loaded from @latch/walletconnect only when first used', async () => {
    const latch = createLatch(options, env)
    expect(latch.walletConnectAvailable).toBe(true)
    expect(createWalletConnectClient).not.toHaveBeenCalled()
    const config = { projectId: 'p' } as WalletConnectConfig
    await expect(loadWalletConnect(config)).resolves.toBe(client)
    expect(createWalletConnectClient).toHaveBeenCalledWith(config, {
      isMobile: expect.any(Function),
    })
    const [[, environment]] = createWalletConnectClient.mock.calls as unknown as [
      [WalletConnectConfig, { isMobile(): boolean }],
    ]
    expect(environment.isMobile()).toBe(false)
    latch.destroy()
  })

  it("hands the host's isMobile to WalletConnect, so a request reopens the wallet where the host says", async () => {
    const latch = createLatch(options, { ...env, isMobile: () => true })
    latch.open({ route: route('ConnectingWalletConnect', {}) })
    await vi.waitFor(() => expect(createWalletConnectClient).toHaveBeenCalledOnce())
    const [[, environment]] = createWalletConnectClient.mock.calls as unknown as [
      [WalletConnectConfig, { isMobile(): boolean }],
    ]
    expect(environment.isMobile()).toBe(true)
    latch.destroy()
  })

  it("keeps the host's own loader, and without a project id WalletConnect is not offered", () => {
    const own = vi.fn()
    expect(createLatch(options, { ...env, walletConnect: own }).walletConnectAvailable).toBe(true)
    expect(createLatch({ ...options, projectId: '' }, env).walletConnectAvailable).toBe(false)
  })

  it('tells phones apart for SPEC §2 rule 2: no adapters → QR view on desktop, AllWallets on a phone', () => {
    const desktop = createLatch(options, env)
    desktop.open()
    expect(selectRoute(desktop.modal.getSnapshot()).view).toBe('ConnectingWalletConnectBasic')
    desktop.destroy()

    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }))
    const phone = createLatch(options, env)
    phone.open()
    expect(selectRoute(phone.modal.getSnapshot()).view).toBe('AllWallets')
    phone.destroy()
  })

  it("uses the host's isMobile when given", () => {
    const latch = createLatch(options, { ...env, isMobile: () => true })
    latch.open()
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('AllWallets')
    latch.destroy()
  })
})
