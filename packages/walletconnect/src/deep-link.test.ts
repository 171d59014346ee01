import { afterEach, describe, expect, it, vi } from 'vitest'
import { openWalletLink, walletLink } from './deep-link.js'

const peer = (redirect?: { native?: string; universal?: string }) => ({
  name: 'Wallet',
  icons: [],
  url: '',
  ...(redirect ? { redirect } : {}),
})

describe('walletLink', () => {
  it('prefers the native deep link, then the universal link', () => {
    expect(walletLink(peer({ native: 'wallet://', universal: 'https://w.example/wc' }))).toBe(
      'wallet://',
    )
    expect(walletLink(peer({ universal: 'https://w.example/wc' }))).toBe('https://w.example/wc')
    expect(walletLink(peer())).toBe(undefined)
    expect(walletLink(undefined)).toBe(undefined)
  })

  it('never returns a link that could run code, reach a system handler or leave https', () => {
    expect(walletLink(peer({ native: 'javascript://%0aalert(1)' }))).toBe(undefined)
    expect(walletLink(peer({ native: 'data://x', universal: 'http://w.example' }))).toBe(undefined)
    expect(walletLink(peer({ native: 'intent://x#Intent;package=com.evil;end' }))).toBe(undefined)
    expect(walletLink(peer({ native: 'ms-msdt://id', universal: 'https://w.example/wc' }))).toBe(
      'https://w.example/wc',
    )
  })
})

describe('openWalletLink', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('navigates to a deep link and opens a universal link without opener or referrer', () => {
    const open = vi.fn()
    const assign = vi.fn()
    vi.stubGlobal('window', { open, location: { assign } })
    openWalletLink('wallet://')
    openWalletLink('https://w.example/wc')
    openWalletLink('javascript:alert(1)')
    openWalletLink('intent://x#Intent;end')
    openWalletLink('ms-msdt://id')
    openWalletLink('http://w.example/wc')
    expect(assign).toHaveBeenCalledExactlyOnceWith('wallet://')
    expect(open).toHaveBeenCalledExactlyOnceWith(
      'https://w.example/wc',
      '_blank',
      'noopener,noreferrer',
    )
  })

  it('does nothing without a window', () => {
    expect(() => openWalletLink('wallet://')).not.toThrow()
  })
})
