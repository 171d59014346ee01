import { describe, expect, it } from 'vitest'
import { socialProvidersOf } from './social-provider.js'

describe('socialProvidersOf', () => {
  it('keeps the popup logins of features.socials in their order, without Farcaster', () => {
    expect(socialProvidersOf(['github', 'farcaster', 'google'])).toEqual(['github', 'google'])
    expect(socialProvidersOf(false)).toEqual([])
    expect(socialProvidersOf([])).toEqual([])
  })
})
