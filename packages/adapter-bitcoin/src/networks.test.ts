import { bitcoinRegtestNetwork, bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { describe, expect, it } from 'vitest'
import {
  BITCOIN_MAINNET_REFERENCE,
  BITCOIN_REGTEST_REFERENCE,
  BITCOIN_TESTNET_REFERENCE,
  bitcoinMainnet,
  bitcoinRegtest,
  bitcoinTestnet,
} from './index.js'
import { referenceOfChain } from './chains.js'
import { addressFamily, assertAddressOn } from './validation.js'

const [first] = bitcoinDevnetAccounts()
const regtest = bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:3002/api' })

describe('networks', () => {
  it('mainnet and testnet: bip122 CAIP-2 ids, 8-decimal BTC, mempool.space’s Esplora API', () => {
    expect(bitcoinMainnet).toMatchObject({
      id: BITCOIN_MAINNET_REFERENCE,
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: { default: { http: ['https://mempool.space/api'] } },
    })
    expect(bitcoinMainnet.testnet).toBeUndefined()
    expect(bitcoinTestnet).toMatchObject({
      caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
      nativeCurrency: { decimals: 8, symbol: 'BTC' },
      rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
      testnet: true,
    })
  })

  it('regtest on any Esplora URL: the same chain as the devnet describes', () => {
    const devnet = bitcoinRegtestNetwork({ esploraUrl: 'http://127.0.0.1:3002/api' })
    expect(regtest).toMatchObject({
      id: BITCOIN_REGTEST_REFERENCE,
      caipNetworkId: devnet.caipNetworkId,
      chainNamespace: 'bip122',
      nativeCurrency: devnet.nativeCurrency,
      rpcUrls: devnet.rpcUrls,
    })
    expect(regtest.testnet).toBeUndefined()
    expect(() => bitcoinRegtest({ esploraUrl: 'javascript:alert(1)' })).toThrow()
  })

  it('reads a wallet’s chain in any of its forms', () => {
    expect(referenceOfChain('bip122:000000000933ea01ad0ee984209779ba')).toBe(
      BITCOIN_TESTNET_REFERENCE,
    )
    expect(referenceOfChain('bitcoin:regtest')).toBe(BITCOIN_REGTEST_REFERENCE)
    expect(referenceOfChain('Mainnet')).toBe(BITCOIN_MAINNET_REFERENCE)
    expect(referenceOfChain('solana:mainnet')).toBeUndefined()
  })
})

describe('addresses and networks', () => {
  const cases = [
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'mainnet'],
    ['bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', 'mainnet'],
    ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'mainnet'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet'],
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'],
    [first!.payment.address, 'regtest'],
    [first!.ordinals.address, 'regtest'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet-or-regtest'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet-or-regtest'],
    ['not an address', undefined],
    ['bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnux', undefined],
  ] as const

  it.each(cases)('%s is a %s address', (address, family) => {
    expect(addressFamily(address)).toBe(family)
  })

  it('accepts an address on its own network and refuses it, by name, on another', () => {
    expect(() => assertAddressOn(first!.payment.address, regtest)).not.toThrow()
    expect(() => assertAddressOn('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', regtest)).not.toThrow()
    expect(() =>
      assertAddressOn('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', bitcoinTestnet),
    ).not.toThrow()
    expect(() =>
      assertAddressOn('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', bitcoinMainnet),
    ).not.toThrow()
    for (const [address, network, addressNetwork] of [
      [first!.payment.address, bitcoinMainnet, 'regtest'],
      [first!.payment.address, bitcoinTestnet, 'regtest'],
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', regtest, 'mainnet'],
      ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', regtest, 'testnet'],
      ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', bitcoinMainnet, 'testnet'],
    ] as const) {
      let thrown: unknown
      try {
        assertAddressOn(address, network)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toMatchObject({
        code: 'INVALID_CAIP_ADDRESS',
        values: { address, addressNetwork, network: network.name },
      })
    }
    expect(() => assertAddressOn('0x0000000000000000000000000000000000000000', regtest)).toThrow(
      'Invalid CAIP Address',
    )
  })

  it('refuses a bip122 chain it does not know', () => {
    const unknown = { ...regtest, id: 'ffff', caipNetworkId: 'bip122:ffff' as const }
    expect(() => assertAddressOn(first!.payment.address, unknown)).toThrow('Chain is not supported')
  })
})
