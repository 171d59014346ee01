import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cleanWalletName, WALLET_NAME_MAX_LENGTH, walletNameSchema } from './wallet-name.js'

describe('cleanWalletName (the one rule for a wallet-supplied name)', () => {
  it('removes RTL overrides, bidi isolates and marks, zero-width and control characters', () => {
    expect(cleanWalletName('Wallet\u202Eksam')).toBe('Walletksam')
    expect(cleanWalletName('\u2066Meta\u2069\u200Bmask\u0000\u0007\u009B')).toBe('Metamask')
    expect(cleanWalletName('Meta\u200E\u200F\u061C\u2060\u00ADMask')).toBe('MetaMask')
    expect(cleanWalletName('Fox\u{E0041}\u{E0042}')).toBe('Fox')
  })

  it('folds line breaks and runs of any space to one space, and trims', () => {
    expect(cleanWalletName('\uFEFF  Two\n\tLines\r\n ')).toBe('Two Lines')
    expect(cleanWalletName('Two\u2028Lines')).toBe('Two Lines')
    expect(cleanWalletName('Meta\u00A0\u3000\u2003 Mask')).toBe('Meta Mask')
  })

  it('keeps no markup a careless page could parse, and never decodes entities', () => {
    expect(cleanWalletName('<img src=x onerror=alert(1)>')).toBe('img src=x onerror=alert(1)')
    expect(cleanWalletName('<b>Evil</b>')).toBe('bEvil/b')
    expect(cleanWalletName('A &amp; B')).toBe('A &amp; B')
  })

  it('drops characters that draw as nothing or as any glyph a font likes', () => {
    expect(cleanWalletName('\u3164\uFFA0\u115F\u2800')).toBeUndefined()
    expect(cleanWalletName('Wallet\uE000\u{F0000}')).toBe('Wallet')
    expect(cleanWalletName('Wal\uD800let')).toBe('Wallet')
  })

  it('keeps other scripts, emoji sequences and the joiners they need', () => {
    expect(cleanWalletName('کیف\u200Cپول')).toBe('کیف\u200Cپول')
    expect(cleanWalletName('👩\u200D💻 Dev')).toBe('👩\u200D💻 Dev')
    expect(cleanWalletName('Ví điện tử')).toBe('Ví điện tử')
  })

  it('refuses a name with nothing visible left', () => {
    for (const raw of ['', '   ', '\u202E\u200B\n', '\u200D\u200C', '\u0301\u0301']) {
      expect(cleanWalletName(raw), JSON.stringify(raw)).toBeUndefined()
    }
  })

  it('refuses, rather than cuts, a name over the limit (counted in code points)', () => {
    expect(cleanWalletName('w'.repeat(WALLET_NAME_MAX_LENGTH))).toHaveLength(64)
    expect(cleanWalletName('🦊'.repeat(WALLET_NAME_MAX_LENGTH))).toBe('🦊'.repeat(64))
    expect(cleanWalletName('w'.repeat(WALLET_NAME_MAX_LENGTH + 1))).toBeUndefined()
  })

  it('refuses what is not a string, and a 1 MB name before any work', () => {
    expect(cleanWalletName(42)).toBeUndefined()
    expect(cleanWalletName({ toString: () => 'MetaMask' })).toBeUndefined()
    const started = performance.now()
    expect(cleanWalletName('a'.repeat(1024 * 1024))).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(50)
  })

  it('never lets a control, format, bidi character or angle bracket through (property)', () => {
    const dangerous = /[\p{Cc}\p{Cs}<>\u202A-\u202E\u2066-\u2069\u200B\u200E\u200F\uFEFF]/u
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        const name = cleanWalletName(raw)
        if (name === undefined) return
        expect(name).not.toMatch(dangerous)
        expect(name).toBe(name.trim())
        expect([...name].length).toBeLessThanOrEqual(WALLET_NAME_MAX_LENGTH)
        // Cleaning is idempotent: what comes out is already clean.
        expect(cleanWalletName(name)).toBe(name)
      }),
    )
  })
})

describe('walletNameSchema', () => {
  it('gives the cleaned name, or an issue naming the rule', () => {
    expect(walletNameSchema.parse('  Trust\u202E Wallet ')).toBe('Trust Wallet')
    const refused = walletNameSchema.safeParse('\u200B')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe('Wallet name must be 1 to 64 visible characters')
  })
})
