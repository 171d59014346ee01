import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createFakeAdapter } from '../test/fake-adapter.js'
import { devnetA } from '../testing/networks.js'
import { createLatch } from './create-latch.js'

/*
 * Issue 16: the first open of a wallet list must paint its wallets in its first frame, so a
 * running instance loads the built-in directory at an idle moment, before any click.
 */

const instance = () =>
  createLatch(
    { projectId: 'p', networks: [devnetA], adapters: [createFakeAdapter('eip155', []).adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => undefined },
  )

afterEach(() => {
  vi.useRealTimers()
})

describe('the wallet directory, warmed while running', () => {
  it('loads nothing before start, and the built-in wallets at idle once running', async () => {
    const latch = instance()
    try {
      expect(latch.directory.localWallets).toBeUndefined()
      await latch.ready()
      // No idle callback in Node: the fallback timer runs it; the wait allows a loaded machine.
      await vi.waitFor(() => expect(latch.directory.localWallets?.length).toBeGreaterThan(0), {
        timeout: 10_000,
      })
    } finally {
      latch.destroy()
    }
  })

  it('stops waiting for idle when the instance is destroyed first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const latch = instance()
    const ready = latch.ready()
    await vi.waitFor(() => expect(latch.actor.getSnapshot().matches('running')).toBe(true), {
      timeout: 10_000,
    })
    await ready
    latch.destroy()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(latch.directory.localWallets).toBeUndefined()
  })
})
