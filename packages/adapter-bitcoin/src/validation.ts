import { LatchError, isBitcoinAddress, type Network } from '@latch/core'
import { chainInfo, referenceOf, type AddressFamily, type BitcoinChainInfo } from './chains.js'

/** Only `bip122` networks: any other is SPEC §8's 'Chain is not supported'. */
export function assertBitcoinNetwork(network: Network): void {
  if (network.chainNamespace !== 'bip122') throw new LatchError('CHAIN_NOT_SUPPORTED')
}

/** A known Bitcoin chain (mainnet, testnet, testnet4, signet, regtest), else 'Chain is not supported'. */
export function requireChain(network: Network): BitcoinChainInfo {
  assertBitcoinNetwork(network)
  const chain = chainInfo(referenceOf(network))
  if (!chain) throw new LatchError('CHAIN_NOT_SUPPORTED')
  return chain
}

/**
 * The family an address belongs to, read from its form: segwit by its human-readable part
 * (`bc`, `tb`, `bcrt`), base58 by its first character (`1`, `3` mainnet; `m`, `n`, `2` the test
 * networks, which regtest shares). Undefined when core's rule refuses it.
 */
export function addressFamily(address: string): AddressFamily | 'testnet-or-regtest' | undefined {
  if (!isBitcoinAddress(address)) return undefined
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return 'regtest'
  if (lower.startsWith('bc1')) return 'mainnet'
  if (lower.startsWith('tb1')) return 'testnet'
  return address.startsWith('1') || address.startsWith('3') ? 'mainnet' : 'testnet-or-regtest'
}

const FAMILY_NAMES: Readonly<Record<AddressFamily, string>> = {
  mainnet: 'mainnet',
  testnet: 'testnet',
  regtest: 'regtest',
}

/**
 * SPEC §5's rule for a Bitcoin address (core's `isBitcoinAddress`: the form, and the bech32 or
 * bech32m checksum), then the network's: an address of another network (`bc1…` on regtest,
 * `bcrt1…` on mainnet) is refused before any wallet or node is asked. Both are 'Invalid CAIP
 * Address'; for the wrong network, `values` name the address's network and the network asked for,
 * and `cause` says it in a sentence. (The base58check checksum is verified with the transaction.)
 */
export function assertAddressOn(address: string, network: Network): void {
  const family = addressFamily(address)
  if (family === undefined) throw new LatchError('INVALID_CAIP_ADDRESS')
  const chain = requireChain(network)
  const fits =
    family === chain.family || (family === 'testnet-or-regtest' && chain.family !== 'mainnet')
  if (fits) return
  const addressNetwork = family === 'testnet-or-regtest' ? 'testnet' : FAMILY_NAMES[family]
  throw new LatchError('INVALID_CAIP_ADDRESS', {
    values: { address, addressNetwork, network: network.name },
    cause: new Error(
      `${address} is a Bitcoin ${addressNetwork} address; the network is ${network.name} (${chain.family})`,
    ),
  })
}

/** Core's rule alone, for addresses whose network is not in question (a balance). */
export function assertBitcoinAddress(address: string): void {
  if (!isBitcoinAddress(address)) throw new LatchError('INVALID_CAIP_ADDRESS')
}
