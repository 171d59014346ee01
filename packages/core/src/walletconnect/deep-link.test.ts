import { describe, expect, it } from 'vitest'
import { directoryWalletSchema } from '../directory/wallet-schema.js'
import { walletAppLinks, walletDeepLink } from './deep-link.js'

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000240'
const encoded = encodeURIComponent(uri)

describe('walletDeepLink (the wallet app opened on the pairing URI)', () => {
  it('native roots: scheme:// gets wc?uri= right after it', () => {
    expect(walletDeepLink('metamask://', uri, ['metamask'])).toBe(`metamask://wc?uri=${encoded}`)
  })

  it('native roots with a path, and universal links, get a slash first', () => {
    expect(walletDeepLink('okex://main', uri, ['okex'])).toBe(`okex://main/wc?uri=${encoded}`)
    expect(walletDeepLink('https://metamask.app.link', uri, [])).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    expect(walletDeepLink('https://link.trustwallet.com/', uri, [])).toBe(
      `https://link.trustwallet.com/wc?uri=${encoded}`,
    )
  })

  it('percent-encodes the whole URI, so its own & and = stay inside the one query value', () => {
    const href = walletDeepLink('https://wallet.example', uri, [])!
    const parsed = new URL(href)
    expect([...parsed.searchParams.keys()]).toEqual(['uri'])
    expect(parsed.searchParams.get('uri')).toBe(uri)
    expect(href).not.toContain('&symKey')
  })

  it('gives nothing for an unsafe, undeclared or missing link, or without a URI', () => {
    const declared = ['metamask', 'javascript', 'data', 'http', 'intent']
    expect(walletDeepLink('javascript://%0aalert(1)', uri, declared)).toBeUndefined()
    expect(walletDeepLink('JavaScript://x', uri, declared)).toBeUndefined()
    expect(walletDeepLink('data://x', uri, declared)).toBeUndefined()
    expect(walletDeepLink('http://wallet.example', uri, declared)).toBeUndefined()
    expect(walletDeepLink('intent://x', uri, declared)).toBeUndefined()
    expect(walletDeepLink('metamask:', uri, declared)).toBeUndefined()
    expect(walletDeepLink('trust://', uri, declared)).toBeUndefined()
    expect(walletDeepLink(undefined, uri, declared)).toBeUndefined()
    expect(walletDeepLink('metamask://', '', declared)).toBeUndefined()
  })

  it('gives nothing when the result would be too long to be a safe link', () => {
    expect(walletDeepLink('metamask://', 'wc:'.padEnd(3000, 'a'), ['metamask'])).toBeUndefined()
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

describe('walletAppLinks with hostile directory entries', () => {
  const uri = 'wc:abc@2?relay-protocol=irn&symKey=00'
  const encoded = encodeURIComponent(uri)
  const base = {
    id: 'hostile',
    name: 'Hostile',
    homepage: 'https://hostile.example',
    imageUrl: 'https://hostile.example/i.png',
    chains: ['eip155:1'],
  }
  // What the service hands over; the built-in list skips the schema, so both layers are tried.
  const linksOf = (entry: { mobileLink?: string; desktopLink?: string }) => ({
    accepted: directoryWalletSchema.safeParse({ ...base, ...entry }).success,
    links: walletAppLinks(entry, uri, true),
  })

  it.each([
    ['intent:', 'intent://wc#Intent;scheme=metamask;package=com.evil;end'],
    ['ms-msdt:', 'ms-msdt://id'],
    ['javascript:', 'javascript://%0aalert(1)'],
    ['search-ms:', 'search-ms://query=x'],
  ])('refuses a %s app link', (_, link) => {
    expect(linksOf({ mobileLink: link })).toEqual({ accepted: false, links: [] })
    expect(linksOf({ desktopLink: link })).toEqual({ accepted: false, links: [] })
  })

  it('opens an https universal link', () => {
    expect(linksOf({ mobileLink: 'https://hostile.app.link' })).toEqual({
      accepted: true,
      links: [{ kind: 'mobile', href: `https://hostile.app.link/wc?uri=${encoded}` }],
    })
  })

  it('opens the native scheme the entry declared, and no other', () => {
    expect(linksOf({ mobileLink: 'metamask://', desktopLink: 'metamask://desk' })).toEqual({
      accepted: true,
      links: [
        { kind: 'mobile', href: `metamask://wc?uri=${encoded}` },
        { kind: 'desktop', href: `metamask://desk/wc?uri=${encoded}` },
      ],
    })
    // An undeclared scheme never comes out: each link is built on the entry's own roots.
    expect(walletDeepLink('trust://', uri, ['metamask'])).toBeUndefined()
  })
})
