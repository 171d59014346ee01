// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { isMobileDevice } from './is-mobile.js'

const media = (coarse: boolean) => () => ({ matches: coarse })

describe('isMobileDevice (SPEC §2 rule 2: phones get AllWallets, not the QR code)', () => {
  it('a coarse pointer is a phone or tablet', () => {
    expect(isMobileDevice({ matchMedia: media(true), userAgent: 'Mozilla/5.0 (X11; Linux)' })).toBe(
      true,
    )
  })

  it('a mobile user agent is too, whatever the pointer', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'
    expect(isMobileDevice({ matchMedia: media(false), userAgent: iphone })).toBe(true)
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' })).toBe(true)
  })

  it('a desktop browser is not', () => {
    const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36'
    expect(isMobileDevice({ matchMedia: media(false), userAgent: desktop })).toBe(false)
  })

  it('on a server (no window) it is false, and reading it throws nothing', () => {
    expect(typeof window).toBe('undefined')
    expect(isMobileDevice()).toBe(false)
  })
})
