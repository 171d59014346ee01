import { describe, expect, it } from 'vitest'
import { farcasterOpenLink } from './farcaster-link.js'

describe('farcasterOpenLink: the sign-in links a view may open', () => {
  it('opens https links, farcaster:// deep links and the loopback http page', () => {
    for (const link of [
      'https://farcaster.xyz/~/siwf?channelToken=abc',
      'farcaster://connect?channelToken=abc',
      'http://127.0.0.1:5173/farcaster-app.html?channelToken=abc',
      'http://localhost:5173/farcaster-app.html?channelToken=abc',
    ])
      expect(farcasterOpenLink(link)).toBe(link)
  })

  it('refuses every other scheme and a plain http host', () => {
    for (const link of [
      undefined,
      'javascript:alert(1)',
      'intent://siwf#Intent;scheme=farcaster;end',
      'data:text/html,hi',
      'http://farcaster.example/~/siwf',
      'metamask://wc?uri=x',
      'not a url',
    ])
      expect(farcasterOpenLink(link)).toBeUndefined()
  })
})
