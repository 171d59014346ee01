import { describe, expect, it } from 'vitest'
import { walletAppLinks, walletDeepLink } from './deep-link.js'

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'
const encoded = encodeURIComponent(uri)

describe('walletDeepLink (the wallet app opened on the pairing URI)', () => {
  it('native roots: scheme:// gets wc?uri= right after it', () => {
    expect(walletDeepLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
  })

  it('native roots with a path, and universal links, get a slash first', () => {
    expect(walletDeepLink('okex://main', uri)).toBe(`okex://main/wc?uri=${encoded}`)
    expect(walletDeepLink('https://metamask.app.link', uri)).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    expect(walletDeepLink('https://link.trustwallet.com/', uri)).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
  })

  it('percent-encodes the whole URI, so its own & and = stay inside the one query value', () => {
    const href = walletDeepLink('https://wallet.example', uri)!
    const parsed = new URL(href)
    expect([...parsed.searchParams.keys()]).toEqual(['uri'])
    expect(parsed.searchParams.get('uri')).toBe(uri)
    expect(href).not.toContain('&symKey')
  })

  it('gives nothing for an unsafe or missing link, or without a URI', () => {
    expect(walletDeepLink('javascript://%0aalert(1)', uri)).toBeUndefined()
    expect(walletDeepLink('JavaScript://x', uri)).toBeUndefined()
    expect(walletDeepLink('data://x', uri)).toBeUndefined()
    expect(walletDeepLink('http://wallet.example', uri)).toBeUndefined()
    expect(walletDeepLink('metamask:', uri)).toBeUndefined()
    expect(walletDeepLink(undefined, uri)).toBeUndefined()
    expect(walletDeepLink('metamask://', '')).toBeUndefined()
  })

  it('gives nothing when the result would be too long to be a safe link', () => {
    expect(walletDeepLink('metamask://', 'wc:'.padEnd(3000, 'a'))).toBeUndefined()
  })
})

describe('walletAppLinks', () => {
  const wallet = { mobileLink: 'metamask://', desktopLink: 'https://metamask.app.link' }
  const uri = 'wc:abc@2?relay-protocol=irn&symKey=00'
  const encoded = encodeURIComponent(uri)

  it("puts this device's app first", () => {
    expect(walletAppLinks(wallet, uri, true)).toEqual([
      { kind: 'mobile', href: `metamask://wc?uri=${encoded}` },
      { kind: 'desktop', href: `https://metamask.app.link/wc?uri=${encoded}` },
    ])
    expect(walletAppLinks(wallet, uri, false).map((l) => l.kind)).toEqual(['desktop', 'mobile'])
  })

  it('leaves out a missing or unsafe link', () => {
    expect(
      walletAppLinks({ mobileLink: 'javascript://%0aalert(1)', desktopLink: undefined }, uri, true),
    ).toEqual([])
  })
})
