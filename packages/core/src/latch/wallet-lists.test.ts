import { afterEach, describe, expect, it, vi } from 'vitest'
import { route } from '../router/routes.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { directoryOf } from '../test/directory-fixtures.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA } from '../testing/networks.js'
import { fakeDirectoryService } from '../testing/directory-service.js'
import type { LatchDirectoryOptions } from '../wallets/latch-directory.js'
import { selectWalletDirectory } from '../wallets/wallet-directory.machine.js'
import { WARM_UP_IDLE_MS } from '../platform/when-idle.js'
import { createLatch } from './create-latch.js'
import { selectFlow } from './root-selectors.js'

/*
 * The wallet lists' directory is core's, not a view's: the Connect list loads once per instance
 * (at idle, or when Connect first shows) and stays; AllWallets browses while it is on show. A
 * host without React reads the same actors (`latch.walletDirectory`, `latch.allWallets`).
 */

afterEach(() => void vi.useRealTimers())

/** A directory service over 100 wallets (`@latch/core/testing`). */
const service = () => fakeDirectoryService(directoryOf(100))

function instance(directory: LatchDirectoryOptions) {
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA], adapters: [fake.adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => {}, directory },
  )
  return latch
}

const listOf = (latch: ReturnType<typeof instance>) =>
  selectWalletDirectory(latch.walletDirectory?.getSnapshot())
const browseOf = (latch: ReturnType<typeof instance>) =>
  selectWalletDirectory(latch.allWallets?.getSnapshot())

describe("Connect's wallet list", () => {
  it('loads at idle once the instance runs, never before, and stays for every open', async () => {
    vi.useFakeTimers()
    const latch = instance({ wallets: directoryOf(60) })
    await vi.advanceTimersByTimeAsync(WARM_UP_IDLE_MS)
    expect(latch.walletDirectory).toBeUndefined()
    latch.start()
    await vi.advanceTimersByTimeAsync(200)
    expect(latch.walletDirectory).toBeUndefined()
    await vi.advanceTimersByTimeAsync(WARM_UP_IDLE_MS)
    expect(listOf(latch)).toMatchObject({ status: 'ready', count: 60 })
    const list = latch.walletDirectory
    latch.open()
    latch.close()
    latch.open()
    expect(latch.walletDirectory).toBe(list)
    expect(selectFlow(latch.actor.getSnapshot())).toBe('choosingWallet')
    latch.destroy()
  })

  it('loads when Connect shows before the page is idle, in the same transition for local wallets', async () => {
    const latch = instance({ wallets: directoryOf(3) })
    await latch.ready()
    expect(latch.walletDirectory).toBeUndefined()
    latch.open()
    expect(listOf(latch)).toMatchObject({ status: 'ready', count: 3 })
    expect(listOf(latch).pool.map((w) => w.id)).toEqual(['w0000', 'w0001', 'w0002'])
    latch.destroy()
  })

  it('is not loaded at idle for a connected visitor, whose next open shows Account', async () => {
    const s = service()
    const latch = instance(s.directory)
    await latch.connect({ connectorId: 'io.dev.a' })
    latch.close()
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_IDLE_MS + 100))
    expect(s.requests).toEqual([])
    expect(latch.walletDirectory).toBeUndefined()
    latch.destroy()
  })

  it('a load that failed is tried again when Connect shows again', async () => {
    const s = service()
    s.fail = true
    const latch = instance(s.directory)
    await latch.ready()
    latch.open()
    await vi.waitFor(() => expect(listOf(latch).status).toBe('failed'))
    latch.close()
    s.fail = false
    latch.open()
    await vi.waitFor(() => expect(listOf(latch)).toMatchObject({ status: 'ready', count: 100 }))
    latch.destroy()
  })
})

describe('AllWallets: a browse of its own while on show', () => {
  it('starts with the view, searches, and stops with it: the next visit starts afresh', async () => {
    const latch = instance({ wallets: directoryOf(100) })
    await latch.ready()
    expect(latch.allWallets).toBeUndefined()
    latch.open({ route: route('AllWallets') })
    expect(selectFlow(latch.actor.getSnapshot())).toBe('browsingWallets')
    expect(browseOf(latch)).toMatchObject({ status: 'ready', count: 100, hasMore: true })
    const first = latch.allWallets!
    first.send({ type: 'SEARCH', text: 'w0042' })
    expect(browseOf(latch).wallets.map((w) => w.id)).toEqual(['w0042'])

    latch.close()
    expect(latch.allWallets).toBeUndefined()
    expect(first.getSnapshot().status).toBe('stopped')
    latch.open({ route: route('AllWallets') })
    expect(latch.allWallets).not.toBe(first)
    expect(browseOf(latch)).toMatchObject({ search: '', count: 100 })
    latch.destroy()
  })

  it("leaving it aborts the page in flight, and the root's RETRY asks a failed page again", async () => {
    const s = service()
    s.hold = true
    const latch = instance(s.directory)
    await latch.ready()
    latch.open({ route: route('AllWallets') })
    await vi.waitFor(() => expect(s.signals).toHaveLength(1))
    latch.modal.send({ type: 'GO_BACK' })
    expect(s.signals[0]!.aborted).toBe(true)
    expect(latch.allWallets).toBeUndefined()

    s.hold = false
    s.fail = true
    latch.modal.send({ type: 'PUSH', route: route('AllWallets') })
    await vi.waitFor(() => expect(browseOf(latch).status).toBe('failed'))
    s.fail = false
    latch.actor.send({ type: 'RETRY' })
    await vi.waitFor(() => expect(browseOf(latch)).toMatchObject({ status: 'ready', count: 100 }))
    latch.destroy()
  })

  it('before the instance runs, the view reads an empty list that is loading', () => {
    const latch = instance({ wallets: directoryOf(5) })
    expect(latch.allWallets).toBeUndefined()
    expect(browseOf(latch)).toMatchObject({ status: 'loading', wallets: [], count: 0 })
    latch.destroy()
  })
})
