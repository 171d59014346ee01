import { builtSocials } from '../test/option-fixtures.js'
import { describe, it, expect } from 'vitest'
import { optionalFeatures, type FeatureSet } from './available-features.js'
import { mergeRemoteFeatures, parseRemoteFeatures, type RemoteFeatures } from './remote-features.js'
import {
  featuresSchema,
  featuresSchemaFor,
  socialLoginOptions,
  type LatchOptions,
  type ResolvedFeatures,
} from './schema.js'

/** The merge rules as a build with every feature applies them. */
const full: FeatureSet = optionalFeatures

function resolve(input: LatchOptions['features'], available: FeatureSet = full) {
  return featuresSchemaFor(available).parse(input ?? {})
}

function merge(
  local: ResolvedFeatures,
  input: LatchOptions['features'],
  remote: RemoteFeatures | undefined,
) {
  return mergeRemoteFeatures(local, input, remote, full)
}

/** A project configuration that turns on every flag it can. */
const everythingOn: RemoteFeatures = {
  email: true,
  socials: ['google', 'x'],
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
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

describe('mergeRemoteFeatures (a build with every feature)', () => {
  it('keeps local features and gives no notice without remote flags', () => {
    const local = resolve({ email: false })
    expect(merge(local, { email: false }, undefined)).toEqual({ features: local })
  })

  it('lets remote values win, reownBranding setting branding', () => {
    const { features } = merge(resolve({}), {}, { swaps: false, reownBranding: false })
    expect(features.swaps).toBe(false)
    expect(features.branding).toBe(false)
    expect(features.email).toBe(true)
  })

  it('warns, naming the features, when remote overrides what the host set explicitly', () => {
    const input = { email: true, swaps: true, onramp: false, socials: ['x' as const] }
    const { features, notice } = merge(resolve(input), input, {
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
      merge(resolve(input), input, { socials: ['github', 'x'], email: false }).notice,
    ).toBeUndefined()
  })

  it('names a differing socials list and branding by their local names', () => {
    const input = { socials: ['github' as const], branding: true }
    const { features, notice } = merge(resolve(input), input, {
      socials: ['google'],
      reownBranding: false,
    })
    expect(features.socials).toEqual(['google'])
    expect(notice?.values).toEqual({ features: '"socials", "branding"' })
  })

  it('keeps the local socials list when remote enables socials without a list', () => {
    const input = { socials: ['apple' as const] }
    expect(merge(resolve(input), input, { socials: true })).toEqual({
      features: resolve(input),
    })
    const off = { socials: false as const }
    const { features, notice } = merge(resolve(off), off, { socials: true })
    // Every SPEC §9 option (this is a build with all of them, Farcaster included).
    expect(features.socials).toEqual([...socialLoginOptions])
    expect(notice?.values).toEqual({ features: '"socials"' })
  })
})

describe('mergeRemoteFeatures: features the build lacks', () => {
  it('this build: a remote configuration turns on nothing unbuilt, and ignores nothing of the host', () => {
    const remote: RemoteFeatures = { ...everythingOn, socials: ['google', 'x'] }
    const local = featuresSchema.parse({})
    expect(mergeRemoteFeatures(local, {}, remote)).toEqual({
      features: { ...local, socials: ['google', 'x'] },
    })
    const input = { swaps: false }
    const explicit = featuresSchema.parse(input)
    expect(mergeRemoteFeatures(explicit, input, remote).notice).toBeUndefined()
  })

  it('this build: a remote socials list may offer Farcaster (issue 12), in its own order', () => {
    const local = featuresSchema.parse({})
    const { features } = mergeRemoteFeatures(local, {}, { socials: ['farcaster', 'github'] })
    expect(features.socials).toEqual(['farcaster', 'github'])
    const off = { socials: false as const }
    const enabled = mergeRemoteFeatures(featuresSchema.parse(off), off, { socials: true })
    expect(enabled.features.socials).toEqual([...builtSocials])
  })

  it('may still turn off a feature the build has, with the notice, but never on a missing one', () => {
    const available: FeatureSet = ['email', 'swaps']
    const input = { email: true }
    const { features, notice } = mergeRemoteFeatures(
      resolve(input, available),
      input,
      { ...everythingOn, email: false },
      available,
    )
    expect(features).toMatchObject({
      email: false,
      swaps: true,
      socials: false,
      onramp: false,
      activity: false,
      branding: false,
    })
    expect(notice?.code).toBe('LOCAL_FEATURES_IGNORED')
    expect(notice?.values).toEqual({ features: '"email"' })
  })
})
