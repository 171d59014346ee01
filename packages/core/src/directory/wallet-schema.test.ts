import { describe, it, expect } from 'vitest'
import { safeParseWith } from '../validation/parse.js'
import { isSafeWalletLink } from './wallet-link.js'
import { WALLET_NAME_MAX_LENGTH } from './wallet-name.js'
import { directoryWalletSchema } from './wallet-schema.js'

const valid = {
  id: '157c99e12c26d26d',
  name: 'MetaMask',
  rdns: 'io.metamask',
  homepage: 'https://metamask.io',
  imageUrl: 'https://images.example.com/metamask.png',
  mobileLink: 'metamask://',
  desktopLink: 'https://metamask.app.link',
  webappLink: 'https://portfolio.metamask.io',
  chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  badge: 'certified',
}

function accepts(patch: Record<string, unknown>): boolean {
  return directoryWalletSchema.safeParse({ ...valid, ...patch }).success
}

describe('directoryWalletSchema', () => {
  it('accepts a well-formed wallet and returns a frozen copy without unknown fields', () => {
    const wallet = directoryWalletSchema.parse({ ...valid, tracking: 'x' })
    expect(wallet).toEqual(valid)
    expect(Object.isFrozen(wallet)).toBe(true)
    expect(Object.isFrozen(wallet.chains)).toBe(true)
  })

  it('rejects script, HTML and system-handler links in every link field, however disguised', () => {
    const hostile = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'javascript://%0aalert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'http://metamask.io',
      'intent://wc#Intent;scheme=metamask;package=com.evil;end',
      'ms-msdt://id',
      'metamask:',
      'https://user:pw@evil.example',
    ]
    for (const link of hostile) {
      expect(isSafeWalletLink(link, ['metamask']), link).toBe(false)
      expect(accepts({ mobileLink: link }), link).toBe(false)
      expect(accepts({ desktopLink: link }), link).toBe(false)
      expect(accepts({ webappLink: link }), link).toBe(false)
      expect(accepts({ homepage: link }), link).toBe(false)
    }
  })

  it('accepts deep-link roots and universal links for the apps, but only https for the web app', () => {
    for (const link of ['metamask://', 'okex://main', 'argent://app/', 'https://rnbwapp.com']) {
      expect(accepts({ mobileLink: link, desktopLink: link }), link).toBe(true)
    }
    expect(accepts({ webappLink: 'metamask://' })).toBe(false)
  })

  it("accepts only images core's image rule keeps", () => {
    expect(accepts({ imageUrl: 'data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E' })).toBe(true)
    expect(accepts({ imageUrl: 'data:image/png;base64,iVBORw0KGgo=' })).toBe(true)
    expect(accepts({ imageUrl: 'data:text/html,<svg onload=alert(1)>' })).toBe(false)
    expect(accepts({ imageUrl: 'javascript:alert(1)' })).toBe(false)
    expect(accepts({ imageUrl: 'http://images.example.com/a.png' })).toBe(false)
    expect(accepts({ imageUrl: `data:image/svg+xml,${'a'.repeat(600_000)}` })).toBe(false)
  })

  it("cleans names with core's name rule, and drops entries with no name left or too long", () => {
    const nameOf = (name: string) => directoryWalletSchema.parse({ ...valid, name }).name
    expect(nameOf('  Trust Wallet ')).toBe('Trust Wallet')
    expect(nameOf('Meta\u202eksaM')).toBe('MetaksaM')
    expect(nameOf('<img src=x onerror=alert(1)>')).toBe('img src=x onerror=alert(1)')
    expect(nameOf('Meta\nMask')).toBe('Meta Mask')
    expect(accepts({ name: 'x'.repeat(WALLET_NAME_MAX_LENGTH) })).toBe(true)
    expect(accepts({ name: 'x'.repeat(WALLET_NAME_MAX_LENGTH + 1) })).toBe(false)
    expect(accepts({ name: 'x'.repeat(1_000_000) })).toBe(false)
    for (const name of ['', '  ', '\u202e\u200b']) {
      expect(accepts({ name }), JSON.stringify(name)).toBe(false)
    }
  })

  it('rejects a __proto__ id, and a __proto__ key pollutes nothing', () => {
    expect(accepts({ id: '__proto__' })).toBe(false)
    expect(accepts({ id: 'a/../b' })).toBe(false)
    const body = JSON.parse(
      JSON.stringify(valid).replace('{', '{"__proto__":{"polluted":true,"name":"Spoofed"},'),
    ) as unknown
    const wallet = directoryWalletSchema.parse(body)
    expect(Object.getPrototypeOf(wallet)).toBe(Object.prototype)
    expect(Object.hasOwn(wallet, '__proto__')).toBe(false)
    expect(wallet.name).toBe('MetaMask')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('requires CAIP-2 chains, a reverse-DNS rdns and a known badge', () => {
    expect(accepts({ chains: ['eip155'] })).toBe(false)
    expect(accepts({ chains: ['eip155:1:0xabc'] })).toBe(false)
    expect(accepts({ chains: 'eip155:1' })).toBe(false)
    expect(accepts({ rdns: 'metamask' })).toBe(false)
    expect(accepts({ rdns: 'io.metamask<script>' })).toBe(false)
    expect(accepts({ badge: 'gold' })).toBe(false)
    const result = safeParseWith(directoryWalletSchema, { ...valid, homepage: undefined })
    expect(result.success ? [] : result.issues).toEqual([{ path: 'homepage', message: 'Required' }])
  })
})
