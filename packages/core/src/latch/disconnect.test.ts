import { afterEach, describe, expect, it, vi } from 'vitest'
import { selectStatus } from '../machines/connection.selectors.js'
import { route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import type { StoragePort } from '../storage/storage-port.js'
import { createFakeWalletConnect } from '../test/fake-walletconnect.js'
import { devnetA, devnetB } from '../testing/networks.js'
import { createPromptAdapter } from '../test/prompt-adapter.js'
import { DISCONNECT_WAIT_MS } from '../machines/connection.machine.js'
import { createLatch } from './create-latch.js'

/*
 * SPEC §1 disconnect helper, the host's logout: it settles, disconnected, from every state the
 * instance can be in (the issue's list: connecting, reconnecting, switching, pairing), within
 * SPEC §9's 3 s wait, and what was asked before it never connects after it.
 */

const A = 'io.logout.a'
const B = 'io.logout.b'

async function settle() {
  for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(0)
}

function page(storage: StoragePort = createMemoryStorage(), wallets = createPromptAdapter([A, B])) {
  const wc = createFakeWalletConnect()
  const latch = createLatch(
    {
      projectId: 'p',
      networks: [devnetA, devnetB],
      adapters: [wallets.adapter],
      walletConnect: { load: wc.loader },
    },
    { storage, clearBrowserData: async () => {} },
  )
  latch.start()
  const status = () => selectStatus(latch.connection.getSnapshot())
  /** disconnect(), and whether it settled before `ms` more passed. */
  async function logout(ms = 0) {
    let settled = false
    void latch.disconnect().then(() => (settled = true))
    await settle()
    if (ms) await vi.advanceTimersByTimeAsync(ms)
    await settle()
    return settled
  }
  return { latch, wallets, wc, storage, status, logout }
}

/** The user picks the wallet (its waiting view) and approves the prompt. */
async function connected(p: ReturnType<typeof page>, id = A) {
  p.latch.open({ route: route('ConnectingExternal', { connectorId: id }) })
  await settle()
  p.wallets
    .live()
    .find((prompt) => prompt.kind === 'connect')!
    .answer('approve')
  await settle()
  expect(p.status()).toBe('connected')
}

/** A previous visit on `storage` that connected `ids`: what reconnect-on-load will try. */
async function previousVisit(
  storage: StoragePort,
  wallets: ReturnType<typeof createPromptAdapter>,
  ids = [A],
) {
  const first = page(storage, wallets)
  for (const id of ids) await connected(first, id)
  first.latch.destroy()
}

/** The next load, after a logout: nothing is reconnected, nothing is even asked. */
async function nextLoadStaysDisconnected(
  storage: StoragePort,
  wallets: ReturnType<typeof createPromptAdapter>,
) {
  const next = page(storage, wallets)
  await settle()
  expect(next.status()).toBe('disconnected')
  expect(wallets.live().filter((prompt) => prompt.kind === 'reconnect')).toEqual([])
}

describe('disconnect() settles from every state', () => {
  afterEach(() => vi.useRealTimers())

  it('while connecting: the prompt is abandoned and its late approval connects nothing', async () => {
    vi.useFakeTimers()
    const p = page()
    const connecting = p.latch.connect({ connectorId: A }).catch((error: unknown) => error)
    await settle()
    const prompt = p.wallets.live()[0]!
    expect(p.status()).toBe('connecting')
    expect(await p.logout()).toBe(true)
    expect(p.status()).toBe('disconnected')
    expect(prompt.signal?.aborted).toBe(true)
    expect(await connecting).toMatchObject({ code: 'USER_REJECTED' })
    prompt.answer('approve')
    await settle()
    expect(p.status()).toBe('disconnected')
  })

  it('while reconnecting on load: stops, and the next load does not reconnect', async () => {
    vi.useFakeTimers()
    const storage = createMemoryStorage()
    const wallets = createPromptAdapter([A, B])
    await previousVisit(storage, wallets)

    const second = page(storage, wallets)
    await settle()
    expect(second.status()).toBe('reconnecting')
    const reconnect = second.wallets.live().find((prompt) => prompt.kind === 'reconnect')!
    expect(await second.logout()).toBe(true)
    expect(second.status()).toBe('disconnected')
    expect(reconnect.signal?.aborted).toBe(true)
    reconnect.answer('approve')
    await settle()
    expect(second.status()).toBe('disconnected')
    second.latch.destroy()
    await nextLoadStaysDisconnected(storage, wallets)
  })

  it('while the instance is still starting: resolves, and nothing is reconnected after', async () => {
    vi.useFakeTimers()
    const storage = createMemoryStorage()
    const wallets = createPromptAdapter([A, B])
    await previousVisit(storage, wallets)

    const second = createLatch(
      { projectId: 'p', networks: [devnetA, devnetB], adapters: [wallets.adapter] },
      { storage, clearBrowserData: async () => {} },
    )
    second.start()
    expect(second.actor.getSnapshot().matches('starting')).toBe(true)
    let settled = false
    void second.disconnect().then(() => (settled = true))
    await settle()
    expect(settled).toBe(true)
    expect(second.actor.getSnapshot().matches('running')).toBe(true)
    expect(selectStatus(second.connection.getSnapshot())).toBe('disconnected')
    expect(wallets.live().filter((prompt) => prompt.kind === 'reconnect')).toEqual([])
    second.destroy()
    await nextLoadStaysDisconnected(storage, wallets)
  })

  it('while reconnecting with one wallet back and another still asked: both end', async () => {
    vi.useFakeTimers()
    const storage = createMemoryStorage()
    const wallets = createPromptAdapter([A, B])
    await previousVisit(storage, wallets, [A, B])

    const second = page(storage, wallets)
    await settle()
    second.wallets
      .live()
      .find((prompt) => prompt.kind === 'reconnect')!
      .answer('approve')
    await settle()
    expect(second.status()).toBe('reconnecting')
    expect(second.latch.connection.getSnapshot().context.connections).toHaveLength(1)
    const pending = second.wallets.live().find((prompt) => prompt.kind === 'reconnect')!
    // The wallet that came back is told; it never answers: the 3 s wait still ends it.
    expect(await second.logout(DISCONNECT_WAIT_MS - 1)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(second.status()).toBe('disconnected')
    expect(pending.signal?.aborted).toBe(true)
    second.latch.destroy()
    // Neither wallet is reconnected on the next load.
    await nextLoadStaysDisconnected(storage, wallets)
  })

  it('while the wallet has a switch prompt open: disconnected, and the switch is dropped', async () => {
    vi.useFakeTimers()
    const p = page()
    await connected(p)
    const switching = p.latch.switchNetwork(devnetB).catch((error: unknown) => error)
    await settle()
    expect(p.latch.network.getSnapshot().matches('switching')).toBe(true)
    expect(await p.logout(DISCONNECT_WAIT_MS)).toBe(true)
    expect(p.status()).toBe('disconnected')
    expect(p.latch.network.getSnapshot().matches('switching')).toBe(false)
    expect(await switching).toMatchObject({ code: 'USER_REJECTED' })
  })

  it('while pairing: the proposal is abandoned, and its approval connects nothing', async () => {
    vi.useFakeTimers()
    const p = page()
    p.latch.open({ route: route('ConnectingWalletConnectBasic') })
    await settle()
    const pairing = p.wc.pairings[0]!
    expect(pairing.request.signal.aborted).toBe(false)
    expect(await p.logout()).toBe(true)
    expect(pairing.request.signal.aborted).toBe(true)
    expect(p.latch.walletConnect.getSnapshot().matches('idle')).toBe(true)
    pairing.approve()
    await settle()
    expect(p.status()).toBe('disconnected')
  })

  it('while the wallet never answers the disconnect: after 3 s, not before', async () => {
    vi.useFakeTimers()
    const p = page()
    await connected(p)
    expect(await p.logout(DISCONNECT_WAIT_MS - 1)).toBe(false)
    expect(p.status()).toBe('connected')
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(p.status()).toBe('disconnected')
  })
})
