// @vitest-environment jsdom
import { announceProvider } from 'mipd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ASYNC_INJECTION_WAIT_MS, createEvmDiscovery, type EvmDiscovery } from './discovery.js'

const ICON = 'data:image/png;base64,iVBORw0KGgo='
const cleanups: Array<() => void> = []
const globals = window as unknown as { ethereum?: unknown }

const fakeProvider = () => ({ request: vi.fn(async () => null) })

function announce(rdns: string, name: string, provider: object) {
  cleanups.push(
    announceProvider({
      info: { uuid: crypto.randomUUID(), name, rdns, icon: ICON },
      provider: provider as never,
    }),
  )
}

function start(excludeWalletIds: string[] = []): EvmDiscovery {
  const discovery = createEvmDiscovery({ excludeWalletIds })
  cleanups.push(() => discovery.destroy())
  return discovery
}

const ids = (discovery: EvmDiscovery) => discovery.getConnectors().map((c) => c.id)

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup())
  delete globals.ethereum
  vi.useRealTimers()
})

describe('window.ethereum fallback', () => {
  it('lists window.ethereum as the injected Browser Wallet when nothing announces it', () => {
    const ethereum = fakeProvider()
    globals.ethereum = ethereum
    const discovery = start()
    expect(discovery.getConnectors()).toEqual([
      { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' },
    ])
    expect(discovery.getProvider('injected')).toBe(ethereum)
  })

  it('does not list it twice when an announced wallet is that same provider', () => {
    const ethereum = fakeProvider()
    globals.ethereum = ethereum
    announce('io.metamask', 'MetaMask', ethereum)
    const discovery = start()
    expect(ids(discovery)).toEqual(['io.metamask'])
    expect(discovery.getProvider('injected')).toBeUndefined()
  })

  it('lists it after the announced wallets when it is another provider', () => {
    globals.ethereum = fakeProvider()
    announce('io.metamask', 'MetaMask', fakeProvider())
    expect(ids(start())).toEqual(['io.metamask', 'injected'])
  })

  it('removes the fallback when its provider announces itself later', () => {
    const ethereum = fakeProvider()
    globals.ethereum = ethereum
    const discovery = start()
    const listener = vi.fn()
    discovery.subscribe(listener)
    announce('io.metamask', 'MetaMask', ethereum)
    expect(ids(discovery)).toEqual(['io.metamask'])
    expect(listener).toHaveBeenCalledWith([expect.objectContaining({ id: 'io.metamask' })])
  })

  it.each([
    ['an object without request', {}],
    ['a string', 'ethereum'],
    ['null', null],
    ['a non-function request', { request: true }],
  ])('ignores window.ethereum that is %s', (_, value) => {
    globals.ethereum = value
    const discovery = start()
    vi.advanceTimersByTime(ASYNC_INJECTION_WAIT_MS)
    expect(discovery.getConnectors()).toEqual([])
  })

  it('survives a window.ethereum getter that throws', () => {
    Object.defineProperty(window, 'ethereum', {
      configurable: true,
      get() {
        throw new Error('no')
      },
    })
    const discovery = start()
    vi.advanceTimersByTime(ASYNC_INJECTION_WAIT_MS)
    expect(discovery.getConnectors()).toEqual([])
  })
})

describe('async injection wait (SPEC §9: 1000 ms)', () => {
  it('is 1000 ms', () => {
    expect(ASYNC_INJECTION_WAIT_MS).toBe(1000)
  })

  it('looks again at 1000 ms for a wallet that injects late, and tells subscribers', () => {
    const discovery = start()
    const listener = vi.fn()
    discovery.subscribe(listener)
    vi.advanceTimersByTime(500)
    const ethereum = fakeProvider()
    globals.ethereum = ethereum
    vi.advanceTimersByTime(499)
    expect(ids(discovery)).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ids(discovery)).toEqual(['injected'])
    expect(discovery.getProvider('injected')).toBe(ethereum)
    expect(listener).toHaveBeenCalledOnce()
  })

  it('does not list a late window.ethereum that an announced wallet already is', () => {
    const discovery = start()
    const ethereum = fakeProvider()
    announce('io.metamask', 'MetaMask', ethereum)
    globals.ethereum = ethereum
    vi.advanceTimersByTime(ASYNC_INJECTION_WAIT_MS)
    expect(ids(discovery)).toEqual(['io.metamask'])
  })

  it('leaves no timer behind after destroy', () => {
    const discovery = start()
    expect(vi.getTimerCount()).toBe(1)
    discovery.destroy()
    expect(vi.getTimerCount()).toBe(0)
    globals.ethereum = fakeProvider()
    vi.advanceTimersByTime(ASYNC_INJECTION_WAIT_MS)
    expect(discovery.getConnectors()).toEqual([])
  })
})

describe('excluding the fallback', () => {
  it.each([['injected'], ['Browser Wallet']])('hides it when %s is excluded', (entry) => {
    globals.ethereum = fakeProvider()
    const discovery = start([entry])
    expect(discovery.getConnectors()).toEqual([])
    expect(discovery.getProvider('injected')).toBeUndefined()
  })

  it('does not bring back an excluded wallet as the Browser Wallet', () => {
    const ethereum = fakeProvider()
    globals.ethereum = ethereum
    announce('io.metamask', 'MetaMask', ethereum)
    const discovery = start(['io.metamask'])
    expect(discovery.getConnectors()).toEqual([])
    expect(discovery.getProvider('injected')).toBeUndefined()
  })
})
