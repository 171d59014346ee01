import { describe, expect, it } from 'vitest'
import {
  DEFAULT_FRAME_ANCESTORS,
  isAllowedFrameAncestor,
  isFrameAncestorPattern,
  matchesFrameAncestor,
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

  it('take only patterns that are safe CSP sources', () => {
    for (const pattern of DEFAULT_FRAME_ANCESTORS)
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
    expect(isAllowedFrameAncestor('https://x.ngrok-free.app', DEFAULT_FRAME_ANCESTORS)).toBe(true)
    expect(isAllowedFrameAncestor('https://evil.example', DEFAULT_FRAME_ANCESTORS)).toBe(false)
  })
})
