import { describe, expect, it } from 'vitest'
import type { Connector } from '../connector/connector.js'
import { connectorOrderTypes, featuresSchema, featuresSchemaFor } from '../options/schema.js'
import { directoryOf, directoryWallet } from '../test/directory-fixtures.js'
import { connectMethodsFor, connectWalletList, type WalletListOptions } from './connect-wallets.js'

const announced = (id: string, extra: Partial<Connector> = {}): Connector => ({
  id,
  type: 'ANNOUNCED',
  name: `Wallet ${id}`,
  rdns: id,
  chain: 'eip155',
  ...extra,
})
const options = (extra: Partial<WalletListOptions> = {}): WalletListOptions => ({
  connectorTypeOrder: [...connectorOrderTypes],
  featuredWalletIds: [],
  includeWalletIds: [],
  excludeWalletIds: [],
  ...extra,
})
const ids = (items: { id: string }[]) => items.map((item) => item.id)

describe('Connect wallet list', () => {
  it('recent wallets first, then installed, then recommendations up to 4 rows in all', () => {
    const items = connectWalletList({
      connectors: { eip155: [announced('io.a'), announced('io.b')] },
      recentWallets: [{ id: 'io.b', name: 'Wallet io.b' }],
      directoryPool: directoryOf(10),
      options: options(),
    })
    expect(ids(items)).toEqual(['io.b', 'io.a', 'w0000', 'w0001'])
    expect(items.map((item) => item.tag)).toEqual(['recent', 'installed', undefined, undefined])
    expect(items[0]!.connect).toBeDefined()
    expect(items[2]!.connect).toBeUndefined()
  })

  it('drops a recent wallet that is no longer installed', () => {
    const items = connectWalletList({
      connectors: { eip155: [announced('io.a')] },
      recentWallets: [{ id: 'io.gone', name: 'Gone' }],
      directoryPool: [],
      options: options(),
    })
    expect(ids(items)).toEqual(['io.a'])
  })

  it('matches a recent wallet by rdns when its id differs', () => {
    const items = connectWalletList({
      connectors: { eip155: [announced('io.a')] },
      recentWallets: [{ id: 'old-id', name: 'A', rdns: 'io.a' }],
      directoryPool: [],
      options: options(),
    })
    expect(items).toMatchObject([{ id: 'io.a', tag: 'recent' }])
  })

  it('follows the configured connector-type order', () => {
    const items = connectWalletList({
      connectors: { eip155: [announced('io.a')] },
      recentWallets: [],
      directoryPool: directoryOf(2),
      options: options({ connectorTypeOrder: ['recommended', 'injected'] }),
    })
    expect(ids(items)).toEqual(['w0000', 'w0001', 'io.a'])
  })

  it('hides excluded wallets everywhere: installed, recent and recommended', () => {
    const items = connectWalletList({
      connectors: { eip155: [announced('io.a'), announced('io.b')] },
      recentWallets: [{ id: 'io.a', name: 'Wallet io.a' }],
      directoryPool: directoryOf(3),
      options: options({ excludeWalletIds: ['io.a', 'w0001'] }),
    })
    expect(ids(items)).toEqual(['io.b', 'w0000', 'w0002'])
  })

  it('never recommends an installed wallet, and puts featured ones first', () => {
    const pool = [directoryWallet('d-a', { rdns: 'io.a' }), ...directoryOf(6)]
    const items = connectWalletList({
      connectors: { eip155: [announced('io.a')] },
      recentWallets: [],
      directoryPool: pool,
      options: options({ featuredWalletIds: ['w0005'] }),
    })
    expect(ids(items)).toEqual(['io.a', 'w0005', 'w0000', 'w0001'])
  })

  it('with nothing installed, recommends 4 (SPEC §9)', () => {
    const items = connectWalletList({
      connectors: {},
      recentWallets: [],
      directoryPool: directoryOf(10),
      options: options(),
    })
    expect(ids(items)).toEqual(['w0000', 'w0001', 'w0002', 'w0003'])
  })

  it('installed wallets take the recommendations’ places; the host’s featured ones stay', () => {
    const connectors = { eip155: ['io.a', 'io.b', 'io.c', 'io.d'].map((id) => announced(id)) }
    const plain = connectWalletList({
      connectors,
      recentWallets: [],
      directoryPool: directoryOf(10),
      options: options(),
    })
    expect(ids(plain)).toEqual(['io.a', 'io.b', 'io.c', 'io.d'])
    const featured = connectWalletList({
      connectors,
      recentWallets: [],
      directoryPool: directoryOf(10),
      options: options({ featuredWalletIds: ['w0007'] }),
    })
    expect(ids(featured)).toEqual(['io.a', 'io.b', 'io.c', 'io.d', 'w0007'])
  })
})

describe('Connect method order', () => {
  // The order rules as a build with email and social login will apply them (their defaults on).
  const features = featuresSchemaFor(['email', 'socials']).parse({})

  it('this build, with email and social login, offers email, social and wallets', () => {
    const built = featuresSchema.parse({})
    expect(connectMethodsFor({ features: built, connectors: {}, excludeWalletIds: [] })).toEqual([
      'email',
      'social',
      'wallet',
    ])
    expect(
      connectMethodsFor({
        features: built,
        connectors: { eip155: [announced('io.a')] },
        excludeWalletIds: [],
      }),
    ).toEqual(['wallet', 'email', 'social'])
  })

  it('email, social, wallet without visible wallets; wallet first with one', () => {
    expect(connectMethodsFor({ features, connectors: {}, excludeWalletIds: [] })).toEqual([
      'email',
      'social',
      'wallet',
    ])
    expect(
      connectMethodsFor({
        features,
        connectors: { eip155: [announced('io.a')] },
        excludeWalletIds: [],
      }),
    ).toEqual(['wallet', 'email', 'social'])
  })

  it('an excluded wallet does not count as visible', () => {
    expect(
      connectMethodsFor({
        features,
        connectors: { eip155: [announced('io.a')] },
        excludeWalletIds: ['io.a'],
      }),
    ).toEqual(['email', 'social', 'wallet'])
  })

  it("the host's order wins; disabled methods are left out", () => {
    expect(
      connectMethodsFor({
        features: { ...features, connectMethodsOrder: ['social', 'wallet', 'email'] },
        connectors: { eip155: [announced('io.a')] },
        excludeWalletIds: [],
      }),
    ).toEqual(['social', 'wallet', 'email'])
    expect(
      connectMethodsFor({
        features: { ...features, email: false, socials: false },
        connectors: {},
        excludeWalletIds: [],
      }),
    ).toEqual(['wallet'])
  })
})

describe('Connect wallet list with WalletConnect offered', () => {
  it('adds the WalletConnect row where the host order puts it, and pairs uninstalled wallets', () => {
    const items = connectWalletList({
      connectors: { eip155: [announced('io.a')] },
      recentWallets: [],
      directoryPool: directoryOf(2),
      options: options(),
      walletConnect: true,
    })
    expect(ids(items)).toEqual(['walletConnect', 'io.a', 'w0000', 'w0001'])
    expect(items[0]).toMatchObject({ name: 'WalletConnect', pair: {} })
    expect(items[0]!.imageUrl).toMatch(/^data:image\/svg\+xml/)
    expect(items[1]!.pair).toBeUndefined()
    expect(items[2]!.pair).toEqual({ walletId: 'w0000' })

    const last = connectWalletList({
      connectors: {},
      recentWallets: [],
      directoryPool: [],
      options: options({ connectorTypeOrder: ['injected', 'walletConnect'] }),
      walletConnect: true,
    })
    expect(ids(last)).toEqual(['walletConnect'])
  })

  it('offers neither without WalletConnect', () => {
    const items = connectWalletList({
      connectors: {},
      recentWallets: [],
      directoryPool: directoryOf(1),
      options: options(),
    })
    expect(ids(items)).toEqual(['w0000'])
    expect(items[0]!.pair).toBeUndefined()
  })
})
