import type { AdapterEvent } from '@latch/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERMISSION_REVOKE_TIMEOUT_MS, type Eip1193Provider } from '../provider.js'
import { toAccounts } from './accounts.js'
import { ASYNC_INJECTION_WAIT_MS, createConnections, toChainReference } from './connections.js'

const A = '0x00000000000000000000000000000000000000aa'

/** A scriptable EIP-1193 provider with working events. */
function fakeProvider(answers: Record<string, unknown | (() => unknown)>) {
  const handlers = new Map<string, Set<(...args: never[]) => void>>()
  const calls: string[] = []
  const provider: Eip1193Provider & { fire(event: string, value?: unknown): void } = {
    async request({ method }) {
      calls.push(method)
      const answer = answers[method]
      return typeof answer === 'function' ? (answer as () => unknown)() : answer
    },
    on: (event, fn) =>
      void (handlers.get(event) ?? handlers.set(event, new Set()).get(event)!).add(fn),
    removeListener: (event, fn) => void handlers.get(event)?.delete(fn),
    fire: (event, value) =>
      handlers.get(event)?.forEach((fn) => (fn as (v: unknown) => void)(value)),
  }
  return { provider, calls, handlers }
}

function setup(providers: Record<string, Eip1193Provider>) {
  const events: AdapterEvent[] = []
  const changed = new Set<() => void>()
  const registry = { ...providers }
  const connections = createConnections({
    providerFor: (id) => registry[id],
    onProvidersChanged: (fn) => (changed.add(fn), () => changed.delete(fn)),
    emit: (event) => events.push(event),
  })
  const announce = (id: string, provider: Eip1193Provider) => {
    registry[id] = provider
    changed.forEach((fn) => fn())
  }
  return { connections, events, announce }
}

describe('EVM connections', () => {
  it('connect asks for accounts and the chain, checksummed', async () => {
    const { provider } = fakeProvider({ eth_requestAccounts: [A], eth_chainId: '0x7a69' })
    const { connections } = setup({ dev: provider })
    await expect(connections.connect('dev')).resolves.toEqual({
      connectorId: 'dev',
      accounts: [{ address: '0x00000000000000000000000000000000000000AA', type: 'eoa' }],
      chainReference: '31337',
    })
  })

  it("connect to an unknown connector fails with 'Provider not found.'", async () => {
    const { connections } = setup({})
    await expect(connections.connect('nope')).rejects.toThrow('Provider not found.')
  })

  it('a wallet rejection becomes the user-rejected error', async () => {
    const { provider } = fakeProvider({
      eth_requestAccounts: () => Promise.reject(Object.assign(new Error('nope'), { code: 4001 })),
    })
    const { connections } = setup({ dev: provider })
    await expect(connections.connect('dev')).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  it('reconnect is silent (eth_accounts only) and null when the wallet no longer authorizes', async () => {
    const { provider, calls } = fakeProvider({ eth_accounts: [], eth_chainId: '0x1' })
    const { connections } = setup({ dev: provider })
    await expect(connections.reconnect('dev')).resolves.toBeNull()
    expect(calls).toEqual(['eth_accounts'])
  })

  it('wallet events become adapter events, and stop after disconnect', async () => {
    const { provider } = fakeProvider({
      eth_requestAccounts: [A],
      eth_chainId: '0x1',
      wallet_revokePermissions: null,
    })
    const { connections, events } = setup({ dev: provider })
    await connections.connect('dev')
    provider.fire('accountsChanged', [])
    provider.fire('chainChanged', '0x7a6a')
    provider.fire('chainChanged', 'not hex')
    provider.fire('disconnect')
    expect(events).toEqual([
      { type: 'accountsChanged', connectorId: 'dev', accounts: [] },
      { type: 'chainChanged', connectorId: 'dev', chainReference: '31338' },
      { type: 'disconnect', connectorId: 'dev' },
    ])
    await connections.disconnect('dev')
    provider.fire('accountsChanged', [A])
    expect(events).toHaveLength(3)
  })

  it('hostile account lists keep only valid addresses', () => {
    expect(toAccounts([A, '<script>', 42, null, '0x123'])).toEqual([
      { address: '0x00000000000000000000000000000000000000AA', type: 'eoa' },
    ])
    expect(toAccounts('0xabc')).toEqual([])
    expect(() => toChainReference('0xzz')).toThrow()
  })

  it('reads chain ids as decimal references, and refuses what is not one', () => {
    expect(toChainReference('0x7a69')).toBe('31337')
    expect(toChainReference('0x7A6A')).toBe('31338')
    expect(toChainReference(10)).toBe('10')
    for (const bad of ['0x', '7a69', '0x1f'.padEnd(70, 'f'), 1.5, null, undefined, [1]]) {
      expect(() => toChainReference(bad)).toThrow('Chain is not supported')
    }
  })
})

describe('EVM connections: timing', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('disconnect waits at most 100 ms for wallet_revokePermissions', async () => {
    const { provider, calls } = fakeProvider({
      eth_requestAccounts: [A],
      eth_chainId: '0x1',
      wallet_revokePermissions: () => new Promise(() => {}),
    })
    const { connections } = setup({ dev: provider })
    await connections.connect('dev')
    let done = false
    void connections.disconnect('dev').then(() => (done = true))
    await vi.advanceTimersByTimeAsync(PERMISSION_REVOKE_TIMEOUT_MS - 1)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
    expect(calls).toContain('wallet_revokePermissions')
    expect(PERMISSION_REVOKE_TIMEOUT_MS).toBe(100)
  })

  it('reconnect waits up to 1000 ms for a wallet that injects late', async () => {
    const { provider } = fakeProvider({ eth_accounts: [A], eth_chainId: '0x1' })
    const { connections, announce } = setup({})
    const pending = connections.reconnect('late')
    await vi.advanceTimersByTimeAsync(ASYNC_INJECTION_WAIT_MS - 1)
    announce('late', provider)
    await expect(pending).resolves.toMatchObject({ connectorId: 'late', chainReference: '1' })
  })

  it('reconnect gives up after 1000 ms when the wallet never appears', async () => {
    const { connections } = setup({})
    const pending = connections.reconnect('ghost')
    await vi.advanceTimersByTimeAsync(ASYNC_INJECTION_WAIT_MS)
    await expect(pending).resolves.toBeNull()
    expect(ASYNC_INJECTION_WAIT_MS).toBe(1000)
  })
})
