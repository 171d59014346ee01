import { LatchError, assertAddressOnNetwork, isBitcoinAddress, type Network } from '@latch/core'
import { chainInfo, referenceOf, type BitcoinChainInfo } from './chains.js'

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
 * Core's one rule for an address on a network (`assertAddressOnNetwork`): the form, the bech32 or
 * bech32m checksum, then the network's — an address of another network (`bc1…` on regtest,
 * `bcrt1…` on mainnet) is refused, naming both, before any wallet or node is asked. A `bip122`
 * chain Latch does not know is 'Chain is not supported'. (The base58check checksum is verified
 * with the transaction.)
 */
export function assertAddressOn(address: string, network: Network): void {
  requireChain(network)
  assertAddressOnNetwork(address, network)
}

/** Core's rule alone, for addresses whose network is not in question (a balance). */
export function assertBitcoinAddress(address: string): void {
  if (!isBitcoinAddress(address)) throw new LatchError('INVALID_CAIP_ADDRESS')
}
