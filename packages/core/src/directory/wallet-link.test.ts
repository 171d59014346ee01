import { describe, expect, it } from 'vitest'
import {
  declaredNativeSchemes,
  isHttpsUrl,
  isSafeWalletLink,
  isWalletAppLink,
  nativeSchemeOf,
} from './wallet-link.js'

// Links that run code, read local data, leave https or reach a handler of the browser or the
// operating system: never a wallet's link, whoever declares them.
const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'javascript://%0aalert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data://x',
  'file:///etc/passwd',
  'http://wallet.example',
  'http://127.0.0.1:5173/wallet.html',
  'intent://scan/#Intent;scheme=zxing;package=com.evil;end',
  'INTENT://x#Intent;end',
  'ms-msdt:/id PCWDiagnostic /skip force',
  'ms-msdt://id',
  'search-ms://query=x',
  'ms-officecmd://x',
  'itms-services://?action=download-manifest&url=https://evil.example/a.plist',
  'android-app://com.evil/https/x',
  'vscode://ms-vscode.remote/x',
  'chrome-extension://abc/page.html',
  'view-source:https://wallet.example',
  'blob:https://wallet.example/1',
  'about:blank',
  'mailto:a@b.example',
  'tel:+100',
  'metamask:',
  'https://user:pw@evil.example',
]

describe('isSafeWalletLink (the allowlist: https, or a scheme the wallet declared)', () => {
  it('allows an https universal link for any wallet, declared schemes or none', () => {
    expect(isSafeWalletLink('https://metamask.app.link/wc?uri=x', [])).toBe(true)
    expect(isSafeWalletLink('https://link.trustwallet.com', ['trust'])).toBe(true)
  })

  it("allows a deep link on the wallet's own declared native scheme, in any case", () => {
    const declared = declaredNativeSchemes('metamask://', 'https://metamask.app.link')
    expect(declared).toEqual(['metamask'])
    expect(isSafeWalletLink('metamask://wc?uri=x', declared)).toBe(true)
    expect(isSafeWalletLink('MetaMask://', declared)).toBe(true)
  })

  it('refuses a native scheme the wallet did not declare', () => {
    const declared = declaredNativeSchemes('metamask://')
    expect(isSafeWalletLink('trust://wc?uri=x', declared)).toBe(false)
    expect(isSafeWalletLink('metamask://', [])).toBe(false)
  })

  it.each(HOSTILE)('refuses %s, even when "declared"', (link) => {
    const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(link)?.[1]?.toLowerCase() ?? ''
    expect(isSafeWalletLink(link, [scheme, ...declaredNativeSchemes(link)])).toBe(false)
    expect(isWalletAppLink(link)).toBe(false)
    expect(declaredNativeSchemes(link)).toEqual([])
  })

  it('refuses what is not a string, and links too long to be one', () => {
    expect(isSafeWalletLink(undefined, ['metamask'])).toBe(false)
    expect(isSafeWalletLink({ toString: () => 'metamask://' }, ['metamask'])).toBe(false)
    expect(isSafeWalletLink(`metamask://${'a'.repeat(2048)}`, ['metamask'])).toBe(false)
    expect(isSafeWalletLink(`https://w.example/${'a'.repeat(2048)}`, [])).toBe(false)
  })
})

describe('what a wallet may declare as its native scheme', () => {
  it.each([
    ['metamask://', 'metamask'],
    ['okex://main', 'okex'],
    ['argent://app/', 'argent'],
    ['imtokenv2://', 'imtokenv2'],
    ['LedgerLive://', 'ledgerlive'],
    ['com.example.wallet://', 'com.example.wallet'],
    ['onekey-wallet://', 'onekey-wallet'],
  ])('%s declares %s', (link, scheme) => {
    expect(nativeSchemeOf(link)).toBe(scheme)
    expect(isWalletAppLink(link)).toBe(true)
  })

  it('needs the deep-link shape scheme:// and a scheme of at least two characters', () => {
    expect(nativeSchemeOf('metamask:wc')).toBeUndefined()
    expect(nativeSchemeOf('a://')).toBeUndefined()
    expect(nativeSchemeOf('meta mask://')).toBeUndefined()
  })

  it('declares nothing for https links, and each scheme once', () => {
    expect(declaredNativeSchemes('https://w.example', undefined)).toEqual([])
    expect(declaredNativeSchemes('ledgerlive://', 'LEDGERLIVE://x')).toEqual(['ledgerlive'])
  })
})

describe('isHttpsUrl', () => {
  it('needs https, a host and no credentials', () => {
    expect(isHttpsUrl('https://w.example/a?b=c')).toBe(true)
    expect(isHttpsUrl('http://w.example')).toBe(false)
    expect(isHttpsUrl('https://u@w.example')).toBe(false)
    expect(isHttpsUrl('https://:p@w.example')).toBe(false)
    expect(isHttpsUrl(' https://w.example')).toBe(false)
  })
})
