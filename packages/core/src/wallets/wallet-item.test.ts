import { describe, expect, it } from 'vitest'
import type { Connector } from '../connector/connector.js'
import { directoryWallet } from '../test/directory-fixtures.js'
import {
  connectableWallets,
  directoryItem,
  findConnectTarget,
  installedItem,
  safeImageUrl,
  walletLinks,
} from './wallet-item.js'

const announced = (id: string, extra: Partial<Connector> = {}): Connector => ({
  id,
  type: 'ANNOUNCED',
  name: `Wallet ${id}`,
  rdns: id,
  chain: 'eip155',
  ...extra,
})

describe('connectable wallets', () => {
  it('lists each wallet once, in the active namespace first', () => {
    const phantom = announced('app.phantom', { name: 'Phantom' })
    const targets = connectableWallets(
      { eip155: [phantom, announced('io.a')], solana: [{ ...phantom, chain: 'solana' }] },
      [],
      'solana',
    )
    expect(targets.map((t) => [t.connector.id, t.namespace])).toEqual([
      ['app.phantom', 'solana'],
      ['io.a', 'eip155'],
    ])
  })

  it('hides excluded wallets (SPEC §5) and connectors that are not wallet rows', () => {
    const targets = connectableWallets(
      {
        eip155: [
          announced('io.a'),
          announced('io.b', { name: 'Hidden' }),
          { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' },
          { id: 'auth', type: 'AUTH', name: 'Email', chain: 'eip155' },
          { id: 'ext', type: 'EXTERNAL', name: 'External', chain: 'eip155' },
        ],
      },
      ['hidden'],
    )
    expect(targets.map((t) => t.connector.id)).toEqual(['io.a', 'ext'])
  })

  it('finds a connector by id, keeping only the fields a connection stores', () => {
    const target = findConnectTarget({ eip155: [announced('io.a')] }, 'io.a')
    expect(target).toEqual({
      namespace: 'eip155',
      connector: { id: 'io.a', type: 'ANNOUNCED', name: 'Wallet io.a', rdns: 'io.a' },
    })
    expect(findConnectTarget({ eip155: [announced('io.a')] }, 'io.b')).toBeUndefined()
  })
})

describe('wallet rows', () => {
  it('only https and inline images reach an <img>; others get a generated icon', () => {
    expect(safeImageUrl('https://x.test/a.png')).toBe('https://x.test/a.png')
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined()
    const item = installedItem({
      namespace: 'eip155',
      connector: { id: 'x', type: 'ANNOUNCED', name: 'X', imageUrl: 'http://x.test/a.png' },
    })
    expect(item.imageUrl).toMatch(/^data:image\/svg\+xml,/)
  })

  it('a directory wallet links to https pages and safe deep links only', () => {
    const wallet = directoryWallet('a', {
      mobileLink: 'awallet://',
      desktopLink: 'javascript://%0aalert(1)',
      webappLink: 'https://app.a.example',
    })
    expect(walletLinks(wallet)).toEqual([
      { kind: 'homepage', href: 'https://a.example' },
      { kind: 'mobile', href: 'awallet://' },
      { kind: 'webapp', href: 'https://app.a.example' },
    ])
  })

  it('a directory wallet never links to a scheme the browser or the system handles', () => {
    // Entries of the built-in list skip the service's schema: the links are checked here too.
    const wallet = directoryWallet('h', {
      mobileLink: 'intent://wc#Intent;scheme=evil;package=com.evil;end',
      desktopLink: 'ms-msdt://id',
    })
    expect(walletLinks(wallet)).toEqual([{ kind: 'homepage', href: 'https://h.example' }])
  })

  it('a directory wallet that is installed connects instead of linking', () => {
    const installed = connectableWallets({ eip155: [announced('io.a')] }, [])
    const item = directoryItem(directoryWallet('d1', { rdns: 'io.a' }), installed)
    expect(item).toMatchObject({ id: 'd1', tag: 'installed', links: [] })
    expect(item.connect?.connector.id).toBe('io.a')
    const other = directoryItem(directoryWallet('d2'), installed)
    expect(other.connect).toBeUndefined()
    expect(other.links[0]?.kind).toBe('homepage')
  })
})
