import { describe, expect, it } from 'vitest'
import type { Connector } from '../connector/connector.js'
import { directoryOf, directoryWallet } from '../test/directory-fixtures.js'
import { allWalletsList } from './all-wallets.js'

const base = { featuredWalletIds: [], includeWalletIds: [], excludeWalletIds: [] }
const dev: Connector = {
  id: 'io.dev',
  type: 'ANNOUNCED',
  name: 'Dev',
  rdns: 'io.dev',
  chain: 'eip155',
}

describe('AllWallets list', () => {
  it('puts 4 recommended first, then the rest without repeating them', () => {
    const wallets = directoryOf(10)
    const items = allWalletsList({
      search: '',
      wallets,
      pool: wallets,
      connectors: {},
      options: base,
    })
    expect(items.map((item) => item.id)).toEqual(wallets.map((w) => w.id))
    const featured = allWalletsList({
      search: '',
      wallets,
      pool: wallets,
      connectors: {},
      options: { ...base, featuredWalletIds: ['w0007'] },
    })
    expect(featured.slice(0, 5).map((item) => item.id)).toEqual([
      'w0007',
      'w0000',
      'w0001',
      'w0002',
      'w0003',
    ])
    expect(featured).toHaveLength(10)
  })

  it('shows only the results while searching', () => {
    const wallets = directoryOf(10)
    const items = allWalletsList({
      search: 'w0009',
      wallets: [wallets[9]!],
      pool: wallets,
      connectors: {},
      options: base,
    })
    expect(items.map((item) => item.id)).toEqual(['w0009'])
  })

  it('hides excluded wallets even when the directory sends them', () => {
    const wallets = directoryOf(6)
    const items = allWalletsList({
      search: '',
      wallets,
      pool: wallets,
      connectors: {},
      options: { ...base, excludeWalletIds: ['w0000', 'Wallet w0005'] },
    })
    expect(items.map((item) => item.id)).toEqual(['w0001', 'w0002', 'w0003', 'w0004'])
  })

  it('an installed wallet is tagged, connectable, and not recommended', () => {
    const wallets = [directoryWallet('d', { rdns: 'io.dev' }), ...directoryOf(5)]
    const items = allWalletsList({
      search: '',
      wallets,
      pool: wallets,
      connectors: { eip155: [dev] },
      options: base,
    })
    expect(items.map((item) => item.id)).toEqual(['w0000', 'w0001', 'w0002', 'w0003', 'd', 'w0004'])
    expect(items[4]).toMatchObject({ tag: 'installed', connect: { namespace: 'eip155' } })
  })
})
