import { describe, expect, it } from 'vitest'
import { LatchError } from '../errors/latch-error.js'
import {
  BITCOIN_CHAIN_REFERENCES,
  assertAddressOnNetwork,
  bitcoinAddressFamily,
  bitcoinChainFamily,
  isAddressOnNetwork,
  type AddressNetwork,
} from './address-network.js'

const bitcoin = (name: string, reference: string): AddressNetwork => ({
  name,
  chainNamespace: 'bip122',
  caipNetworkId: `bip122:${reference}`,
})
const mainnet = bitcoin('Bitcoin', BITCOIN_CHAIN_REFERENCES.mainnet)
const testnet = bitcoin('Bitcoin Testnet', BITCOIN_CHAIN_REFERENCES.testnet)
const signet = bitcoin('Bitcoin Signet', BITCOIN_CHAIN_REFERENCES.signet)
const regtest = bitcoin('Bitcoin Regtest', BITCOIN_CHAIN_REFERENCES.regtest)
const ethereum: AddressNetwork = {
  name: 'Ethereum',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
}
const solana: AddressNetwork = {
  name: 'Solana',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}

// BIP-173/350 test vectors and well-known addresses; the regtest one is bitcoinjs-lib's encoding
// of a 20-byte program under `bcrt`.
const MAINNET_P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const MAINNET_TAPROOT = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'
const MAINNET_P2PKH = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'
const TESTNET_P2WPKH = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const REGTEST_P2WPKH = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const TEST_P2PKH = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'

describe('bitcoinChainFamily', () => {
  it('knows the five Bitcoin chains by genesis reference, and nothing else', () => {
    expect(bitcoinChainFamily(mainnet.caipNetworkId)).toBe('mainnet')
    expect(bitcoinChainFamily(testnet.caipNetworkId)).toBe('testnet')
    expect(bitcoinChainFamily(`bip122:${BITCOIN_CHAIN_REFERENCES.testnet4}`)).toBe('testnet')
    expect(bitcoinChainFamily(signet.caipNetworkId)).toBe('testnet')
    expect(bitcoinChainFamily(regtest.caipNetworkId)).toBe('regtest')
    expect(bitcoinChainFamily('bip122:ffffffffffffffffffffffffffffffff')).toBeUndefined()
    expect(bitcoinChainFamily(`eip155:${BITCOIN_CHAIN_REFERENCES.mainnet}`)).toBeUndefined()
  })
})

describe('bitcoinAddressFamily', () => {
  it.each([
    [MAINNET_P2WPKH, 'mainnet'],
    [MAINNET_TAPROOT, 'mainnet'],
    [MAINNET_P2PKH, 'mainnet'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet'],
    [TESTNET_P2WPKH, 'testnet'],
    [REGTEST_P2WPKH, 'regtest'],
    [TEST_P2PKH, 'testnet-or-regtest'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet-or-regtest'],
    ['not an address', undefined],
    // A bad bech32 checksum (last character changed) is no address at all.
    ['bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt081', undefined],
  ])('%s → %s', (address, family) => {
    expect(bitcoinAddressFamily(address)).toBe(family)
  })
})

describe('assertAddressOnNetwork', () => {
  it('accepts each Bitcoin address on the networks that share its form', () => {
    expect(isAddressOnNetwork(MAINNET_P2WPKH, mainnet)).toBe(true)
    expect(isAddressOnNetwork(MAINNET_P2PKH, mainnet)).toBe(true)
    expect(isAddressOnNetwork(TESTNET_P2WPKH, testnet)).toBe(true)
    expect(isAddressOnNetwork(TESTNET_P2WPKH, signet)).toBe(true)
    expect(isAddressOnNetwork(REGTEST_P2WPKH, regtest)).toBe(true)
    expect(isAddressOnNetwork(TEST_P2PKH, regtest)).toBe(true)
    expect(isAddressOnNetwork(TEST_P2PKH, testnet)).toBe(true)
  })

  it.each([
    [MAINNET_P2WPKH, regtest, 'Bitcoin mainnet'],
    [MAINNET_TAPROOT, testnet, 'Bitcoin mainnet'],
    [REGTEST_P2WPKH, mainnet, 'Bitcoin regtest'],
    [REGTEST_P2WPKH, testnet, 'Bitcoin regtest'],
    [TESTNET_P2WPKH, regtest, 'Bitcoin testnet'],
    [TEST_P2PKH, mainnet, 'Bitcoin testnet'],
  ])('refuses %s on %o, naming both networks', (address, network, addressNetwork) => {
    let thrown: unknown
    try {
      assertAddressOnNetwork(address, network)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(LatchError)
    expect(thrown).toMatchObject({
      code: 'ADDRESS_ON_OTHER_NETWORK',
      values: { address, addressNetwork, network: network.name },
      message: `This is a ${addressNetwork} address: it cannot receive on ${network.name}`,
    })
  })

  it("refuses another namespace's address with SPEC §8's 'Invalid CAIP Address'", () => {
    expect(() =>
      assertAddressOnNetwork('0x0000000000000000000000000000000000000000', regtest),
    ).toThrow('Invalid CAIP Address')
    expect(() => assertAddressOnNetwork(MAINNET_P2WPKH, ethereum)).toThrow('Invalid CAIP Address')
    expect(() => assertAddressOnNetwork(MAINNET_P2WPKH, solana)).toThrow('Invalid CAIP Address')
  })

  it('takes EVM and Solana addresses on any network of their namespace', () => {
    expect(isAddressOnNetwork('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', ethereum)).toBe(true)
    expect(isAddressOnNetwork('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', solana)).toBe(true)
  })

  it("refuses a bip122 chain it does not know with 'Chain is not supported'", () => {
    const unknown = bitcoin('Mystery', 'ffffffffffffffffffffffffffffffff')
    expect(() => assertAddressOnNetwork(REGTEST_P2WPKH, unknown)).toThrow('Chain is not supported')
  })
})
