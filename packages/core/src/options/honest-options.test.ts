import { describe, expect, it } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { createLatch } from '../latch/create-latch.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { devnetA } from '../testing/networks.js'
import { availableFeatures, optionalFeatures } from './available-features.js'
import type { LatchOptions } from './schema.js'
import { allFeaturesOff, builtSocials } from '../test/option-fixtures.js'

/** The error createLatch throws for `extra`, or a failure when it throws none. */
function refusal(extra: Partial<LatchOptions>) {
  try {
    createLatch(
      { projectId: 'p', networks: [devnetA], ...extra },
      { storage: createMemoryStorage() },
    ).destroy()
  } catch (error) {
    return error
  }
  throw new Error('expected createLatch to refuse the options')
}

describe('createLatch: options are honest about what this build has', () => {
  it('this build lists the features it has built (each turns on with the issue that builds it)', () => {
    expect(availableFeatures).toEqual([
      'activity',
      'send',
      'receive',
      'email',
      'socials',
      'farcaster',
      'signIn',
    ])
    expect(optionalFeatures).toContain('signIn')
  })

  it.each<[string, Partial<LatchOptions>]>([
    ['features.swaps', { features: { swaps: true } }],
    ['features.onramp', { features: { onramp: true } }],
    ['features.analytics', { features: { analytics: true } }],
    ['features.branding', { features: { branding: true } }],
    // The router knows embedded mode, but no view layer draws the modal inline yet.
    ['embedded', { embedded: true }],
  ])('refuses %s with an error naming it', (option, extra) => {
    const error = refusal(extra)
    expect(isLatchError(error, 'FEATURE_NOT_AVAILABLE')).toBe(true)
    expect((error as Error).message).toBe(`Not available in this version of Latch: ${option}`)
  })

  it('accepts the built features, on or off', () => {
    for (const on of [true, false]) {
      const latch = createLatch(
        { projectId: 'p', networks: [devnetA], features: { activity: on, send: on, receive: on } },
        { storage: createMemoryStorage() },
      )
      expect(latch.getFeatures()).toMatchObject({ activity: on, send: on, receive: on })
      latch.destroy()
    }
  })

  it('starts with only the built features on, and a remote configuration turns no other on', async () => {
    const latch = createLatch(
      { projectId: 'p', networks: [devnetA] },
      {
        storage: createMemoryStorage(),
        fetchProjectConfig: async () => ({
          features: ['email', 'socials', 'swaps', 'onramp', 'activity', 'reown_branding'].map(
            (id) => ({ id, isEnabled: true, config: id === 'socials' ? ['google'] : null }),
          ),
        }),
      },
    )
    const socials = [...builtSocials]
    const built = { ...allFeaturesOff, activity: true, send: true, receive: true, email: true }
    expect(latch.getFeatures()).toEqual({ ...built, socials })
    latch.start()
    await flush()
    // The remote list (google alone) is one the build has, so it is the one offered.
    expect(latch.getFeatures()).toEqual({ ...built, socials: ['google'] })
    // Nothing of the host's was overridden, so there is no LOCAL_FEATURES_IGNORED notice.
    expect(latch.getAlerts()).toEqual([])
    latch.destroy()
  })
})
