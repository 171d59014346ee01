// @vitest-environment jsdom
import { announceProvider } from 'mipd'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEvmDiscovery, type EvmDiscovery, type EvmDiscoveryOptions } from './discovery.js'

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
const cleanups: Array<() => void> = []

function fakeProvider() {
  return { request: vi.fn(async () => null) }
}

/** A wallet that answers requestProvider, as real extension wallets do (via mipd). */
function installWallet(rdns: string, name: string, provider: object = fakeProvider()) {
  const stop = announceProvider({
    info: { uuid: crypto.randomUUID(), name, rdns, icon: ICON },
    provider: provider as never,
  })
  cleanups.push(stop)
  return provider
}

function announceRaw(detail: unknown) {
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

function start(options: EvmDiscoveryOptions = {}): EvmDiscovery {
  const discovery = createEvmDiscovery(options)
  cleanups.push(() => discovery.destroy())
  return discovery
}

const ids = (discovery: EvmDiscovery) => discovery.getConnectors().map((c) => c.id)

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup())
  vi.useRealTimers()
})

describe('EIP-6963 discovery', () => {
  it('does nothing until it is created', async () => {
    const add = vi.spyOn(window, 'addEventListener')
    const dispatch = vi.spyOn(window, 'dispatchEvent')
    vi.resetModules()
    await import('./index.js')
    expect(add).not.toHaveBeenCalled()
    expect(dispatch).not.toHaveBeenCalled()
    add.mockRestore()
    dispatch.mockRestore()
  })

  it('dispatches requestProvider at start, after it listens, so wallets already there answer', () => {
    const requests = vi.fn()
    window.addEventListener('eip6963:requestProvider', requests)
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', requests))
    const provider = installWallet('io.metamask', 'MetaMask')
    const discovery = start()
    expect(requests).toHaveBeenCalledOnce()
    expect(discovery.getConnectors()).toEqual([
      {
        id: 'io.metamask',
        type: 'ANNOUNCED',
        name: 'MetaMask',
        rdns: 'io.metamask',
        imageUrl: ICON,
        chain: 'eip155',
      },
    ])
    expect(discovery.getProvider('io.metamask')).toBe(provider)
  })

  it('keeps wallets in first-seen order', () => {
    installWallet('io.zerion', 'Zerion')
    installWallet('io.metamask', 'MetaMask')
    const discovery = start()
    installWallet('com.coinbase.wallet', 'Coinbase Wallet')
    installWallet('app.phantom', 'Phantom')
    expect(ids(discovery)).toEqual([
      'io.zerion',
      'io.metamask',
      'com.coinbase.wallet',
      'app.phantom',
    ])
  })

  it('lists an rdns once; the first provider keeps it and a later claimant is ignored', () => {
    const real = installWallet('io.metamask', 'MetaMask')
    const discovery = start()
    const impostor = installWallet('io.metamask', 'MetaMask (real one)')
    installWallet('IO.METAMASK', 'Upper-case twin')
    expect(discovery.getConnectors()).toHaveLength(1)
    expect(discovery.getConnectors()[0]?.name).toBe('MetaMask')
    expect(discovery.getProvider('io.metamask')).toBe(real)
    expect(discovery.getProvider('io.metamask')).not.toBe(impostor)
  })

  it('ignores the same wallet answering every later requestProvider', () => {
    installWallet('io.metamask', 'MetaMask')
    const first = start()
    const listener = vi.fn()
    first.subscribe(listener)
    start() // a second discovery re-requests; the wallet announces again
    expect(ids(first)).toEqual(['io.metamask'])
    expect(listener).not.toHaveBeenCalled()
  })

  it('picks up late announcements, also 5 s after start, and tells subscribers', () => {
    vi.useFakeTimers()
    const discovery = start()
    const listener = vi.fn()
    discovery.subscribe(listener)
    installWallet('io.metamask', 'MetaMask')
    vi.advanceTimersByTime(5000)
    installWallet('io.rabby', 'Rabby')
    expect(ids(discovery)).toEqual(['io.metamask', 'io.rabby'])
    expect(listener).toHaveBeenCalledTimes(2)
    expect(listener).toHaveBeenLastCalledWith(discovery.getConnectors())
  })

  it('keeps the same list object while nothing changes', () => {
    installWallet('io.metamask', 'MetaMask')
    const discovery = start()
    const before = discovery.getConnectors()
    announceRaw({ info: { name: 'broken' }, provider: fakeProvider() })
    expect(discovery.getConnectors()).toBe(before)
    expect(Object.isFrozen(before)).toBe(true)
  })

  it('stops listening on destroy, and an unsubscribed listener hears nothing', () => {
    const discovery = start()
    const kept = vi.fn()
    const dropped = vi.fn()
    discovery.subscribe(kept)
    discovery.subscribe(dropped)()
    installWallet('io.metamask', 'MetaMask')
    expect(kept).toHaveBeenCalledOnce()
    expect(dropped).not.toHaveBeenCalled()
    discovery.destroy()
    installWallet('io.rabby', 'Rabby')
    expect(discovery.getConnectors()).toEqual([])
    expect(discovery.getProvider('io.metamask')).toBeUndefined()
    expect(kept).toHaveBeenCalledOnce()
    discovery.destroy()
  })

  it('listens on the window it is given, not the global one', () => {
    installWallet('io.metamask', 'MetaMask')
    const frame = new EventTarget()
    const discovery = start({ window: frame })
    expect(discovery.getConnectors()).toEqual([])
    frame.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: crypto.randomUUID(), name: 'Framed', rdns: 'io.framed', icon: ICON },
          provider: fakeProvider(),
        },
      }),
    )
    expect(ids(discovery)).toEqual(['io.framed'])
  })
})

describe('excluded wallets (SPEC §5)', () => {
  it('hides a wallet by rdns and another by name, and gives no provider for them', () => {
    installWallet('io.metamask', 'MetaMask')
    installWallet('io.rabby', 'Rabby Wallet')
    installWallet('io.zerion', 'Zerion')
    const discovery = start({ excludeWalletIds: ['io.metamask', 'rabby wallet'] })
    expect(ids(discovery)).toEqual(['io.zerion'])
    expect(discovery.getProvider('io.metamask')).toBeUndefined()
    expect(discovery.getProvider('io.rabby')).toBeUndefined()
  })

  it('hides late announcements too, without telling subscribers', () => {
    const discovery = start({ excludeWalletIds: ['io.metamask'] })
    const listener = vi.fn()
    discovery.subscribe(listener)
    installWallet('io.metamask', 'MetaMask')
    expect(ids(discovery)).toEqual([])
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('hostile announcements', () => {
  const provider = fakeProvider()
  const info = { uuid: crypto.randomUUID(), name: 'Wallet', rdns: 'io.wallet', icon: ICON }

  it('ignores announcements with a bad rdns, name, uuid or provider', () => {
    const discovery = start()
    announceRaw({ info: { ...info, rdns: 'javascript:alert(1)' }, provider })
    announceRaw({ info: { ...info, rdns: `io.${'a'.repeat(1024 * 1024)}` }, provider })
    announceRaw({ info: { ...info, name: 'x'.repeat(1024 * 1024) }, provider })
    announceRaw({ info: { ...info, name: '\u202E\u200B' }, provider })
    announceRaw({ info: { ...info, uuid: '<script>' }, provider })
    announceRaw({ info, provider: { request: 'not a function' } })
    announceRaw({ info, provider: null })
    announceRaw('<img src=x onerror=alert(1)>')
    announceRaw(null)
    window.dispatchEvent(new Event('eip6963:announceProvider'))
    expect(discovery.getConnectors()).toEqual([])
  })

  it('keeps no markup in names and drops script icons, keeping the wallet', () => {
    const discovery = start()
    const name = '<img src=x onerror=alert(1)>'
    announceRaw({ info: { ...info, name, icon: 'javascript:alert(1)' }, provider })
    announceRaw({
      info: { ...info, rdns: 'io.two', icon: 'data:text/html,<script>alert(1)</script>' },
      provider,
    })
    const [first, second] = discovery.getConnectors()
    // Core's name rule drops angle brackets, so no host that mishandles the name can open a tag.
    expect(first?.name).toBe('img src=x onerror=alert(1)')
    expect(first?.imageUrl).toBeUndefined()
    expect(second?.imageUrl).toBeUndefined()
    expect(Object.keys(first ?? {})).not.toContain('imageUrl')
  })

  it('strips RTL overrides from names', () => {
    const discovery = start()
    announceRaw({ info: { ...info, name: 'Safe\u202Etellaw' }, provider })
    expect(discovery.getConnectors()[0]?.name).toBe('Safetellaw')
  })

  it('is not polluted by __proto__ keys, and a __proto__ id finds nothing', () => {
    const discovery = start()
    const detail = JSON.parse(
      `{"__proto__":{"polluted":1},"info":{"__proto__":{"isAdmin":1},${JSON.stringify(info).slice(1)}}`,
    ) as object
    announceRaw({ ...detail, provider })
    const [connector] = discovery.getConnectors()
    expect(connector?.id).toBe('io.wallet')
    expect(Object.keys(connector ?? {})).not.toContain('isAdmin')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(discovery.getProvider('__proto__')).toBeUndefined()
    expect(discovery.getProvider('constructor')).toBeUndefined()
  })

  it('gives connectors that cannot be changed afterwards', () => {
    const discovery = start()
    announceRaw({ info, provider })
    const [connector] = discovery.getConnectors()
    expect(Object.isFrozen(connector)).toBe(true)
  })
})
