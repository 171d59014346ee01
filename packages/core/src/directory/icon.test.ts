import fc from 'fast-check'
import { describe, it, expect } from 'vitest'
import { generateWalletIcon, walletInitials } from './icon.js'
import { isSafeImageUrl } from './image-url.js'

const PREFIX = 'data:image/svg+xml,'

function svgOf(uri: string): string {
  expect(uri.startsWith(PREFIX)).toBe(true)
  return decodeURIComponent(uri.slice(PREFIX.length))
}

/** Every tag of the document, in order: markup from a name would add or change one. */
function tagsOf(svg: string): string[] {
  return [...svg.matchAll(/<\/?([a-zA-Z]+)/g)].map((match) => match[0])
}

// Markup, quotes, NUL, a bidi override and lone surrogates, mixed with any other character.
const hostileChar = fc.oneof(
  fc.constantFrom('<', '>', '"', "'", '&', '\u0000', '\u202e', '\uD800', '\uDFFF'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
)

const expectedTags = ['<svg', '<title', '</title', '<rect', '<text', '</text', '</svg']

describe('generateWalletIcon', () => {
  it('is a deterministic SVG data URI of the initials', () => {
    const icon = generateWalletIcon('MetaMask', '157c99e12c26d26d')
    expect(icon).toBe(generateWalletIcon('MetaMask', '157c99e12c26d26d'))
    expect(isSafeImageUrl(icon)).toBe(true)
    const svg = svgOf(icon)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain('>MM</text>')
    expect(tagsOf(svg)).toEqual(expectedTags)
  })

  it('derives the colour from the id, not the name', () => {
    const fill = (uri: string) => /<rect[^>]* fill="(#[0-9a-f]{6})"/.exec(svgOf(uri))?.[1]
    expect(fill(generateWalletIcon('A', 'id-1'))).toBe(fill(generateWalletIcon('B', 'id-1')))
    expect(fill(generateWalletIcon('A', 'id-1'))).not.toBe(fill(generateWalletIcon('A', 'id-2')))
  })

  it('keeps the white initials readable on every colour (WCAG 3:1 for large text)', () => {
    const linear = (hex: string) => {
      const c = parseInt(hex, 16) / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }
    fc.assert(
      fc.property(fc.string(), (id) => {
        const fill = /<rect[^>]* fill="#([0-9a-f]{6})"/.exec(svgOf(generateWalletIcon('A', id)))
        const [r, g, b] = [0, 2, 4].map((at) => linear(fill?.[1]?.slice(at, at + 2) ?? 'ff'))
        const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
        expect(1.05 / (luminance + 0.05)).toBeGreaterThanOrEqual(3)
      }),
    )
  })

  it('escapes a hostile name: no <script>, no attribute break-out', () => {
    const name = `"/><script>alert('x')</script><text a='`
    const svg = svgOf(generateWalletIcon(name, 'evil'))
    expect(svg).not.toContain('<script')
    expect(tagsOf(svg)).toEqual(expectedTags)
    expect(svg).toContain('&#60;script&#62;alert(&#39;x&#39;)')
    const quotes = (text: string) => text.split('"').length
    expect(quotes(svg)).toBe(quotes(svgOf(generateWalletIcon('x', 'evil'))))
  })

  it('never lets any name add markup, and always encodes to a valid image URL', () => {
    fc.assert(
      fc.property(fc.string({ unit: hostileChar, maxLength: 80 }), fc.string(), (name, id) => {
        const icon = generateWalletIcon(name, id)
        expect(isSafeImageUrl(icon)).toBe(true)
        expect(tagsOf(svgOf(icon))).toEqual(expectedTags)
      }),
    )
  })
})

describe('walletInitials', () => {
  it('takes two words, a camel-cased word, or one letter; only letters and digits', () => {
    expect(walletInitials('Trust Wallet')).toBe('TW')
    expect(walletInitials('MetaMask')).toBe('MM')
    expect(walletInitials('imToken')).toBe('IT')
    expect(walletInitials('1inch Wallet')).toBe('1W')
    expect(walletInitials('Safe')).toBe('S')
    expect(walletInitials('<b>')).toBe('B')
    expect(walletInitials('  ')).toBe('?')
  })
})
