import { describe, it, expect } from 'vitest'
import { mergeRemoteFeatures, parseRemoteFeatures } from './remote-features.js'
import { featuresSchema, type LatchOptions } from './schema.js'

function resolve(input: LatchOptions['features']) {
  return featuresSchema.parse(input ?? {})
}

describe('parseRemoteFeatures', () => {
  it('reads every known flag, mapping reown_branding and the socials list', () => {
    const response = {
      features: [
        { id: 'email', isEnabled: false, config: null },
        { id: 'socials', isEnabled: true, config: ['github', 'google', 'myspace'] },
        { id: 'swaps', isEnabled: false },
        { id: 'onramp', isEnabled: true },
        { id: 'activity', isEnabled: true },
        { id: 'reown_branding', isEnabled: false },
        { id: 'a_future_flag', isEnabled: true },
      ],
      somethingElse: 1,
    }
    expect(parseRemoteFeatures(response)).toEqual({
      email: false,
      socials: ['github', 'google'],
      swaps: false,
      onramp: true,
      activity: true,
      reownBranding: false,
    })
  })

  it('reads disabled socials as false and enabled socials without a list as true', () => {
    expect(
      parseRemoteFeatures({ features: [{ id: 'socials', isEnabled: false, config: ['x'] }] }),
    ).toEqual({
      socials: false,
    })
    expect(parseRemoteFeatures({ features: [{ id: 'socials', isEnabled: true }] })).toEqual({
      socials: true,
    })
  })

  it.each([
    ['null', null],
    ['a string', 'oops'],
    ['no features', {}],
    ['a wrongly typed flag', { features: [{ id: 'email', isEnabled: 'true' }] }],
    ['a wrongly typed config', { features: [{ id: 'socials', isEnabled: true, config: 'x' }] }],
  ])('returns undefined for %s, so local values are kept', (_, response) => {
    expect(parseRemoteFeatures(response)).toBeUndefined()
  })
})

describe('mergeRemoteFeatures', () => {
  it('keeps local features and gives no notice without remote flags', () => {
    const local = resolve({ email: false })
    expect(mergeRemoteFeatures(local, { email: false }, undefined)).toEqual({ features: local })
  })

  it('lets remote values win, reownBranding setting branding', () => {
    const { features } = mergeRemoteFeatures(
      resolve({}),
      {},
      { swaps: false, reownBranding: false },
    )
    expect(features.swaps).toBe(false)
    expect(features.branding).toBe(false)
    expect(features.email).toBe(true)
  })

  it('warns, naming the features, when remote overrides what the host set explicitly', () => {
    const input = { email: true, swaps: true, onramp: false, socials: ['x' as const] }
    const { features, notice } = mergeRemoteFeatures(resolve(input), input, {
      email: false,
      swaps: false,
      onramp: false,
    })
    expect(features).toMatchObject({ email: false, swaps: false, onramp: false, socials: ['x'] })
    expect(notice).toEqual({
      code: 'LOCAL_FEATURES_IGNORED',
      severity: 'warning',
      message:
        'Your local configuration for "email", "swaps" was ignored because a remote configuration was successfully fetched. Manage these features in your project settings.',
      values: { features: '"email", "swaps"' },
    })
  })

  it('gives no notice when remote agrees or overrides only defaults', () => {
    const input = { socials: ['github' as const, 'x' as const] }
    expect(
      mergeRemoteFeatures(resolve(input), input, { socials: ['github', 'x'], email: false }).notice,
    ).toBeUndefined()
  })

  it('names a differing socials list and branding by their local names', () => {
    const input = { socials: ['github' as const], branding: true }
    const { features, notice } = mergeRemoteFeatures(resolve(input), input, {
      socials: ['google'],
      reownBranding: false,
    })
    expect(features.socials).toEqual(['google'])
    expect(notice?.values).toEqual({ features: '"socials", "branding"' })
  })

  it('keeps the local socials list when remote enables socials without a list', () => {
    const input = { socials: ['apple' as const] }
    expect(mergeRemoteFeatures(resolve(input), input, { socials: true })).toEqual({
      features: resolve(input),
    })
    const off = { socials: false as const }
    const { features, notice } = mergeRemoteFeatures(resolve(off), off, { socials: true })
    expect(features.socials).toEqual([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(notice?.values).toEqual({ features: '"socials"' })
  })
})
