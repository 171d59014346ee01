import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createLatch } from '../latch/create-latch.js'
import { directoryOf, directoryWallet } from '../test/directory-fixtures.js'
import { devnetA } from '../testing/networks.js'
import { fakeDirectoryService } from '../testing/directory-service.js'
import { createLatchDirectory, type LatchDirectoryOptions } from './latch-directory.js'
import {
  DIRECTORY_SEARCH_DEBOUNCE_MS,
  selectWalletDirectory,
  walletDirectoryMachine,
  type WalletDirectoryInput,
} from './wallet-directory.machine.js'

afterEach(() => void vi.useRealTimers())

function browse(options: LatchDirectoryOptions, input: Partial<WalletDirectoryInput> = {}) {
  const actor = createActor(walletDirectoryMachine, {
    input: { directory: createLatchDirectory('p', options), ...input },
  }).start()
  return { actor, view: () => selectWalletDirectory(actor.getSnapshot()) }
}

/** A directory service over 100 wallets (`@latch/core/testing`). */
const service = (wallets = directoryOf(100)) => fakeDirectoryService(wallets)

describe('wallet directory: built-in', () => {
  it('loads the built-in module on first use, then answers searches in the same transition', async () => {
    const { actor, view } = browse({})
    expect(view()).toMatchObject({ status: 'loading', wallets: [] })
    await vi.waitFor(() => expect(view().status).toBe('ready'), { timeout: 5_000 })
    expect(view().count).toBeGreaterThan(25)
    actor.send({ type: 'SEARCH', text: 'latch dev' })
    expect(view()).toMatchObject({ status: 'ready', count: 1, search: 'latch dev' })
    expect(view().wallets.map((w) => w.name)).toEqual(['Latch Dev Wallet'])
  })
})

describe('wallet directory: local', () => {
  it('answers the first page at once: 40 of the count', () => {
    const { view } = browse({ wallets: directoryOf(1000) })
    expect(view()).toMatchObject({ status: 'ready', count: 1000, hasMore: true })
    expect(view().wallets).toHaveLength(40)
  })

  it('loads page after page until every wallet is in', () => {
    const { actor, view } = browse({ wallets: directoryOf(85) })
    actor.send({ type: 'LOAD_MORE' })
    expect(view().wallets).toHaveLength(80)
    expect(view().wallets[40]!.id).toBe('w0040')
    actor.send({ type: 'LOAD_MORE' })
    expect(view()).toMatchObject({ hasMore: false })
    expect(view().wallets).toHaveLength(85)
    actor.send({ type: 'LOAD_MORE' })
    expect(view().wallets).toHaveLength(85)
  })

  it('searches in the same transition as the keystroke, at most 100 results', () => {
    const { actor, view } = browse({ wallets: directoryOf(1000) })
    actor.send({ type: 'SEARCH', text: ' w00 ' })
    expect(view()).toMatchObject({ status: 'ready', search: 'w00', count: 100, hasMore: false })
    expect(view().wallets).toHaveLength(100)
    actor.send({ type: 'SEARCH', text: 'w0999' })
    expect(view().wallets.map((w) => w.id)).toEqual(['w0999'])
    actor.send({ type: 'SEARCH', text: 'nothing like it' })
    expect(view()).toMatchObject({ count: 0, wallets: [] })
    actor.send({ type: 'SEARCH', text: '' })
    expect(view()).toMatchObject({ count: 1000, hasMore: true })
    expect(view().wallets).toHaveLength(40)
  })

  it('applies include and exclude, and fetches the featured wallets to recommend', () => {
    const { view } = browse(
      { wallets: directoryOf(100) },
      { excludeWalletIds: ['w0000'], featuredWalletIds: ['w0090'] },
    )
    expect(view().wallets[0]!.id).toBe('w0001')
    expect(view().count).toBe(99)
    expect(view().pool[0]!.id).toBe('w0090')
    const included = browse({ wallets: directoryOf(100) }, { includeWalletIds: ['w0003', 'w0004'] })
    expect(included.view().wallets.map((w) => w.id)).toEqual(['w0003', 'w0004'])
  })
})

describe('wallet directory: remote', () => {
  it('loads the first page from GET /getWallets, 40 per page', async () => {
    const s = service()
    const { actor, view } = browse(s.directory)
    expect(view().status).toBe('loading')
    await vi.waitFor(() => expect(view().status).toBe('ready'), { timeout: 5_000 })
    expect(view()).toMatchObject({ status: 'ready', count: 100, hasMore: true })
    expect(s.requests[0]!.searchParams.get('entries')).toBe('40')
    actor.send({ type: 'LOAD_MORE' })
    await vi.waitFor(() => expect(view().wallets).toHaveLength(80))
    expect(s.requests[1]!.searchParams.get('page')).toBe('2')
  })

  it('debounces a search and asks for up to 100 results', async () => {
    const s = service()
    const { actor, view } = browse(s.directory)
    await vi.waitFor(() => expect(view().status).toBe('ready'), { timeout: 5_000 })
    vi.useFakeTimers()
    actor.send({ type: 'SEARCH', text: 'w00' })
    actor.send({ type: 'SEARCH', text: 'w001' })
    await vi.advanceTimersByTimeAsync(DIRECTORY_SEARCH_DEBOUNCE_MS - 1)
    expect(s.requests).toHaveLength(1)
    expect(view().wallets).toHaveLength(40)
    await vi.advanceTimersByTimeAsync(1)
    vi.useRealTimers()
    await vi.waitFor(() => expect(view().wallets).toHaveLength(10))
    expect(s.requests).toHaveLength(2)
    expect(s.requests[1]!.searchParams.get('search')).toBe('w001')
    expect(s.requests[1]!.searchParams.get('entries')).toBe('100')
  })

  it('a failure shows its catalogue code and RETRY loads again', async () => {
    const s = service()
    s.fail = true
    const { actor, view } = browse(s.directory)
    await vi.waitFor(() => expect(view().status).toBe('failed'))
    expect(view()).toMatchObject({ status: 'failed', error: { code: 'HTTP_STATUS' } })
    s.fail = false
    actor.send({ type: 'RETRY' })
    await vi.waitFor(() => expect(view().status).toBe('ready'), { timeout: 5_000 })
    expect(view()).toMatchObject({ status: 'ready', count: 100 })
    expect(view().error).toBeUndefined()
  })

  it('a newer search cancels the request in flight', async () => {
    const s = service()
    // Unanswered, so the first page stays in flight.
    s.hold = true
    const { actor } = browse(s.directory)
    await vi.waitFor(() => expect(s.signals).toHaveLength(1))
    expect(s.signals[0]!.aborted).toBe(false)
    actor.send({ type: 'SEARCH', text: 'a' })
    expect(s.signals[0]!.aborted).toBe(true)
    actor.stop()
  })
})

describe('the directory of an instance', () => {
  it('is the built-in module by default: loaded on the first query, then queried locally', async () => {
    const latch = createLatch({ networks: [devnetA] }, { storage: createMemoryStorage() })
    expect(latch.directory.localWallets).toBeUndefined()
    const page = await latch.directory.client.getWallets({ page: 1, entries: 40 })
    expect(latch.directory.localWallets?.length).toBeGreaterThan(25)
    expect(page.count).toBe(latch.directory.localWallets?.length)
  })

  it('uses the service when given a base URL', async () => {
    const s = service()
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA] },
      { storage: createMemoryStorage(), directory: s.directory },
    )
    expect(latch.directory.localWallets).toBeUndefined()
    await latch.directory.client.getWallets({ page: 1, entries: 40 })
    expect(s.requests[0]!.searchParams.get('projectId')).toBe('p')
  })

  it('treats an empty base URL (an unset variable) as no service: local wallets, answered at once', async () => {
    const directory = createLatchDirectory('p', { baseUrl: '', wallets: [directoryWallet('w1')] })
    expect(directory.localWallets).toEqual([directoryWallet('w1')])
    expect(await directory.client.getWallets({ page: 1, entries: 40 })).toEqual({
      data: [directoryWallet('w1')],
      count: 1,
    })
  })

  it('exposes the recent wallets core stored, once the instance has started', async () => {
    const storage = createMemoryStorage({
      '@latch/storageVersion': '1',
      '@latch/recentWallets': JSON.stringify([{ id: 'io.a', name: 'A' }]),
    })
    const latch = createLatch({ networks: [devnetA] }, { storage })
    // Nothing is read from storage before start().
    expect(latch.getRecentWallets()).toEqual([])
    await latch.ready()
    expect(latch.getRecentWallets()).toEqual([{ id: 'io.a', name: 'A' }])
  })
})
