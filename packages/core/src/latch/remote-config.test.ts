import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { devnetA } from '../testing/networks.js'
import { createLatch } from './create-latch.js'

const remote = (features: Array<{ id: string; isEnabled: boolean; config?: string[] }>) => ({
  features,
})

function start(
  features: Record<string, unknown> | undefined,
  fetchProjectConfig: () => Promise<unknown>,
) {
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA], ...(features ? { features } : {}) },
    { storage: createMemoryStorage(), fetchProjectConfig },
  )
  latch.start()
  return latch
}

describe('createLatch: remote feature flags (SPEC §3, §7, §8)', () => {
  it('remote flags cannot turn on a feature this build lacks, and ignore nothing of the host', async () => {
    const latch = start({ swaps: false }, async () =>
      remote([
        { id: 'swaps', isEnabled: true },
        // Features this build lacks (email and social login are built: issues 17 and 12).
        { id: 'onramp', isEnabled: true },
        { id: 'reown_branding', isEnabled: true },
        // Farcaster is built (issue 12): a remote list offers it, in its own order.
        { id: 'socials', isEnabled: true, config: ['farcaster', 'google'] },
      ]),
    )
    await flush()
    expect(latch.getFeatures()).toMatchObject({
      swaps: false,
      onramp: false,
      socials: ['farcaster', 'google'],
      branding: false,
    })
    expect(latch.getAlerts()).toEqual([])
  })

  it('a failed fetch, or an invalid response, keeps the local values', async () => {
    const failed = start({ swaps: false }, async () => Promise.reject(new Error('offline')))
    const invalid = start({ swaps: false }, async () => ({ features: 'all on' }))
    await flush()
    expect(failed.getFeatures().swaps).toBe(false)
    expect(invalid.getFeatures().swaps).toBe(false)
    expect([...failed.getAlerts(), ...invalid.getAlerts()]).toEqual([])
  })

  it('asks for the project config only once, at start, and never without a project id', async () => {
    let calls = 0
    const fetchProjectConfig = async () => void calls++
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA] },
      { storage: createMemoryStorage(), fetchProjectConfig },
    )
    expect(calls).toBe(0)
    latch.start()
    latch.start()
    await latch.ready()
    expect(calls).toBe(1)
    await createLatch(
      { networks: [devnetA] },
      { storage: createMemoryStorage(), fetchProjectConfig },
    ).ready()
    expect(calls).toBe(1)
  })
})
