import { describe, expect, it } from 'vitest'
import {
  claimedFrameAncestor,
  DEVELOPMENT_FRAME_ANCESTORS,
  isAllowedFrameAncestor,
  isExactOrigin,
  isFrameAncestorPattern,
  matchesFrameAncestor,
  projectFrameAncestors,
} from './index.js'

describe('frame ancestors', () => {
  it('match exact origins, any port, and any subdomain', () => {
    expect(matchesFrameAncestor('https://app.example.com', 'https://app.example.com')).toBe(true)
    expect(matchesFrameAncestor('https://app.example.com', 'https://app.example.com:443')).toBe(
      true,
    )
    expect(matchesFrameAncestor('http://localhost:5173', 'http://localhost:*')).toBe(true)
    expect(matchesFrameAncestor('http://localhost', 'http://localhost:*')).toBe(true)
    expect(matchesFrameAncestor('https://my-app.vercel.app', 'https://*.vercel.app')).toBe(true)
    expect(matchesFrameAncestor('https://a.b.pages.dev', 'https://*.pages.dev')).toBe(true)
  })

  it('refuse another scheme, host, port, the bare host of a wildcard, and look-alikes', () => {
    expect(matchesFrameAncestor('http://app.example.com', 'https://app.example.com')).toBe(false)
    expect(matchesFrameAncestor('https://app.example.com:8443', 'https://app.example.com')).toBe(
      false,
    )
    expect(matchesFrameAncestor('https://vercel.app', 'https://*.vercel.app')).toBe(false)
    expect(matchesFrameAncestor('https://evilvercel.app', 'https://*.vercel.app')).toBe(false)
    expect(matchesFrameAncestor('https://x.vercel.app.evil.com', 'https://*.vercel.app')).toBe(
      false,
    )
    expect(matchesFrameAncestor('http://127.0.0.1:5173', 'http://localhost:*')).toBe(false)
    expect(matchesFrameAncestor('null', 'http://localhost:*')).toBe(false)
    expect(matchesFrameAncestor('https://a.com/path', 'https://a.com')).toBe(false)
  })

  it('take only an exact origin as the page’s: a URL’s host may hold `*`, `;` or `,`', () => {
    // Each is an origin to the URL parser, and each matched before (security review, finding 4).
    expect(matchesFrameAncestor('https://*.vercel.app', 'https://*.vercel.app')).toBe(false)
    expect(matchesFrameAncestor('https://x;sandbox.vercel.app', 'https://*.vercel.app')).toBe(false)
    expect(matchesFrameAncestor('https://a,b.vercel.app', 'https://*.vercel.app')).toBe(false)
    for (const exact of ['https://app.example.com', 'http://127.0.0.1:5173', 'http://[::1]:8080'])
      expect(isExactOrigin(exact)).toBe(true)
    for (const bad of [
      'https://*.com',
      'http://localhost:*',
      'https://app.example.com/',
      'https://App.example.com',
      'https://app.example.com:443',
      'http://[::1]:80',
      "https://a.com 'unsafe-inline'",
      'https://a.com;',
      'null',
    ])
      expect(isExactOrigin(bad)).toBe(false)
  })

  it('take only patterns that are safe CSP sources', () => {
    for (const pattern of DEVELOPMENT_FRAME_ANCESTORS)
      expect(isFrameAncestorPattern(pattern)).toBe(true)
    for (const bad of [
      '*',
      "https://a.com 'unsafe-inline'",
      'https://a.com;',
      'https://a.com/x',
      'data:',
    ]) {
      expect(isFrameAncestorPattern(bad)).toBe(false)
    }
    expect(isAllowedFrameAncestor('https://x.ngrok-free.app', DEVELOPMENT_FRAME_ANCESTORS)).toBe(
      true,
    )
    expect(isAllowedFrameAncestor('https://evil.example', DEVELOPMENT_FRAME_ANCESTORS)).toBe(false)
  })

  it('are a project’s own origins in production, with the development ones in development', () => {
    const own = ['https://app.example.com', 'http://127.0.0.1:*']
    expect(projectFrameAncestors(own, 'production')).toEqual(own)
    expect(projectFrameAncestors(own, 'production', ['https://*.vercel.app'])).toEqual(own)
    expect(projectFrameAncestors(own, 'development')).toEqual([
      ...own,
      ...DEVELOPMENT_FRAME_ANCESTORS,
    ])
    expect(projectFrameAncestors(['http://localhost:*'], 'development')).toEqual([
      ...DEVELOPMENT_FRAME_ANCESTORS,
    ])
    expect(projectFrameAncestors(own, 'development', [])).toEqual(own)
  })

  it('let a claimed parent origin through only as an exact origin already allowed', () => {
    const ancestors = ['https://app.example.com', 'http://127.0.0.1:*']
    expect(claimedFrameAncestor('http://127.0.0.1:5173', ancestors)).toBe('http://127.0.0.1:5173')
    expect(claimedFrameAncestor('https://app.example.com', ancestors)).toBe(
      'https://app.example.com',
    )
    for (const claim of [
      undefined,
      'https://evil.example',
      'https://*.com',
      'http://127.0.0.1:*',
      'https://app.example.com;script-src *',
      "https://app.example.com 'unsafe-inline'",
    ])
      expect(claimedFrameAncestor(claim, ancestors)).toBeUndefined()
  })
})
