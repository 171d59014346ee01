import { describe, expect, it } from 'vitest'
import { generateWalletIcon, walletIconUrl } from './icon.js'
import { isSafeImageUrl, MAX_DATA_IMAGE_LENGTH, safeImageUrl } from './image-url.js'

describe('safeImageUrl (the one rule for a wallet-supplied image)', () => {
  it.each([
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/jpeg;base64,/9j/4AAQ',
    'data:image/gif;base64,R0lGODlh',
    'data:image/webp;base64,UklGRg==',
    'data:image/avif;base64,AAAAIGZ0eXA=',
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
    'DATA:IMAGE/SVG+XML;base64,PHN2Zy8+',
  ])('keeps the inline image %s (an <img> runs no SVG script)', (url) => {
    expect(safeImageUrl(url)).toBe(url)
  })

  it('keeps https URLs with a host, normalised', () => {
    expect(safeImageUrl('https://wallet.example/icon.png')).toBe('https://wallet.example/icon.png')
    expect(safeImageUrl('HTTPS://Wallet.Example/i.png')).toBe('https://wallet.example/i.png')
  })

  it('keeps http only on a loopback host (a local Latch server), never with credentials', () => {
    for (const url of [
      'http://127.0.0.1:8787/getWalletImage/a?projectId=p',
      'http://localhost:8787/getWalletImage/a',
      'http://[::1]:8787/getWalletImage/a',
    ]) {
      expect(safeImageUrl(url)).toBe(new URL(url).href)
    }
    expect(safeImageUrl('http://127.0.0.2/i.png')).toBeUndefined()
    expect(safeImageUrl('http://localhost.evil.example/i.png')).toBeUndefined()
    expect(safeImageUrl('http://user:pw@127.0.0.1/i.png')).toBeUndefined()
    expect(safeImageUrl(`http://127.0.0.1/${'a'.repeat(2048)}`)).toBeUndefined()
  })

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with a space before it', ' javascript:alert(1)'],
    ['https split by a tab', 'ht\ttps://wallet.example/i.png'],
    ['data:text/html', 'data:text/html,<script>alert(1)</script>'],
    ['data:image/svg without +xml', 'data:image/svg,<svg/>'],
    ['data: with a MIME parameter trick', 'data:image/png;x=<script>,AAA'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['http:', 'http://wallet.example/icon.png'],
    ['relative', '/icon.png'],
    ['protocol-relative', '//evil.example/icon.png'],
    ['credentials', 'https://user:pass@wallet.example/icon.png'],
    ['a password alone', 'https://:pass@wallet.example/icon.png'],
    ['blob:', 'blob:https://wallet.example/1234'],
    ['a non-string', { toString: (): string => 'https://x.example/i.png' }],
    ['undefined', undefined],
  ])('drops %s', (_, url) => {
    expect(safeImageUrl(url)).toBeUndefined()
    expect(isSafeImageUrl(url)).toBe(false)
  })

  it('drops inline images over 512 KiB and https URLs over 2048 characters', () => {
    const header = 'data:image/png;base64,'
    expect(safeImageUrl(header + 'A'.repeat(MAX_DATA_IMAGE_LENGTH - header.length))).toBeDefined()
    expect(safeImageUrl(header + 'A'.repeat(MAX_DATA_IMAGE_LENGTH))).toBeUndefined()
    expect(safeImageUrl(`https://x.example/${'a'.repeat(2048)}`)).toBeUndefined()
  })
})

describe('walletIconUrl (what every view puts in a wallet icon)', () => {
  it("is the wallet's own image when safe", () => {
    const wallet = { id: 'w', name: 'W', imageUrl: 'https://w.example/i.png' }
    expect(walletIconUrl(wallet)).toBe('https://w.example/i.png')
  })

  it('falls back to the generated icon for an unsafe or missing image', () => {
    const generated = generateWalletIcon('Evil', 'evil')
    for (const imageUrl of ['javascript:alert(1)', 'http://evil.example/i.png', undefined]) {
      expect(walletIconUrl({ id: 'evil', name: 'Evil', imageUrl })).toBe(generated)
    }
  })
})
