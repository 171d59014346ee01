import { describe, expect, it } from 'vitest'
import type { AdapterEvent, RemoteProvider } from '@latch/core'
import { evmAdapter } from './evm-adapter.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SIGNATURE = `0x${'ab'.repeat(65)}`

/** A lent provider (what a WalletConnect session looks like to the adapter), scripted. */
function fakeRemote() {
  const listeners = new Map<string, Set<(...args: never[]) => void>>()
  const calls: string[] = []
  const provider: RemoteProvider = {
    async request({ method }) {
      calls.push(method)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'personal_sign') return SIGNATURE
      throw Object.assign(new Error('unsupported'), { code: 4200 })
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  const fire = (event: string, ...args: unknown[]) =>
    listeners.get(event)?.forEach((listener) => (listener as (...a: unknown[]) => void)(...args))
  const count = () => [...listeners.values()].reduce((n, set) => n + set.size, 0)
  return { provider, calls, fire, count }
}

describe('EVM adapter: a provider core lends it (WalletConnect)', () => {
  it('connects, signs and reports events through the lent provider', async () => {
    const adapter = evmAdapter({ window: new EventTarget() as Window })
    const remote = fakeRemote()
    const events: AdapterEvent[] = []
    adapter.subscribe((event) => events.push(event))
    adapter.setRemoteProvider!('walletConnect', remote.provider)

    const result = await adapter.connect({ connectorId: 'walletConnect' })
    expect(result).toEqual({
      connectorId: 'walletConnect',
      accounts: [{ address: ADDRESS, type: 'eoa' }],
      chainReference: '31337',
    })
    await expect(
      adapter.signMessage({ connectorId: 'walletConnect', address: ADDRESS, message: 'hi' }),
    ).resolves.toBe(SIGNATURE)

    remote.fire('chainChanged', '0x7a6a')
    expect(events).toContainEqual({
      type: 'chainChanged',
      connectorId: 'walletConnect',
      chainReference: '31338',
    })
  })

  it('takes the provider back: no more events, and requests fail as "Provider not found."', async () => {
    const adapter = evmAdapter({ window: new EventTarget() as Window })
    const remote = fakeRemote()
    adapter.setRemoteProvider!('walletConnect', remote.provider)
    await adapter.connect({ connectorId: 'walletConnect' })
    expect(remote.count()).toBeGreaterThan(0)

    adapter.setRemoteProvider!('walletConnect', undefined)
    expect(remote.count()).toBe(0)
    expect(adapter.getProvider('walletConnect')).toBeUndefined()
    await expect(adapter.connect({ connectorId: 'walletConnect' })).rejects.toThrow(
      'Provider not found.',
    )
  })
})
