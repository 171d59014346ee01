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
import { assertAddressOn } from './validation.js'

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

describe("addresses and networks (core's rule, on the adapter's networks)", () => {
  it("accepts the devnet wallet's addresses on regtest, a test address on testnet", () => {
    expect(() => assertAddressOn(first!.payment.address, regtest)).not.toThrow()
    expect(() => assertAddressOn(first!.ordinals.address, regtest)).not.toThrow()
    expect(() =>
      assertAddressOn('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', bitcoinTestnet),
    ).not.toThrow()
    expect(() =>
      assertAddressOn('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', bitcoinMainnet),
    ).not.toThrow()
  })

  it("refuses another network's address, naming both networks", () => {
    for (const [address, network, addressNetwork] of [
      [first!.payment.address, bitcoinMainnet, 'Bitcoin regtest'],
      [first!.payment.address, bitcoinTestnet, 'Bitcoin regtest'],
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', regtest, 'Bitcoin mainnet'],
      ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', regtest, 'Bitcoin testnet'],
      ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', bitcoinMainnet, 'Bitcoin testnet'],
    ] as const) {
      expect(() => assertAddressOn(address, network)).toThrow(
        expect.objectContaining({
          code: 'ADDRESS_ON_OTHER_NETWORK',
          values: { address, addressNetwork, network: network.name },
        }),
      )
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
