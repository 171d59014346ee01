import { bitcoinChainFamily, type BitcoinAddressFamily, type Network } from '@latch/core'
import {
  BITCOIN_MAINNET_REFERENCE,
  BITCOIN_REGTEST_REFERENCE,
  BITCOIN_SIGNET_REFERENCE,
  BITCOIN_TESTNET4_REFERENCE,
  BITCOIN_TESTNET_REFERENCE,
} from './references.js'

/** What the adapter needs to know of a Bitcoin network to talk about it. */
export interface BitcoinChainInfo {
  readonly reference: string
  /** sats-connect's `BitcoinNetworkType` (`wallet_changeNetwork`'s `name`). */
  readonly satsConnectName: string
  /** The Bitcoin Wallet Standard's chain name (Exodus' `bitcoin:*`). */
  readonly standardChain: `bitcoin:${string}`
  /** Which addresses belong to it (core's rule, by reference). */
  readonly family: AddressFamily
}

/** Address families (core's): the test networks (testnet, testnet4, signet) share `tb1`, `m`, `n`, `2`. */
export type AddressFamily = BitcoinAddressFamily

const CHAINS: readonly Omit<BitcoinChainInfo, 'family'>[] = [
  {
    reference: BITCOIN_MAINNET_REFERENCE,
    satsConnectName: 'Mainnet',
    standardChain: 'bitcoin:mainnet',
  },
  {
    reference: BITCOIN_TESTNET_REFERENCE,
    satsConnectName: 'Testnet',
    standardChain: 'bitcoin:testnet',
  },
  {
    reference: BITCOIN_TESTNET4_REFERENCE,
    satsConnectName: 'Testnet4',
    standardChain: 'bitcoin:testnet4',
  },
  {
    reference: BITCOIN_SIGNET_REFERENCE,
    satsConnectName: 'Signet',
    standardChain: 'bitcoin:signet',
  },
  {
    reference: BITCOIN_REGTEST_REFERENCE,
    satsConnectName: 'Regtest',
    standardChain: 'bitcoin:regtest',
  },
]

/** The CAIP-2 reference of a `bip122` network (`bip122:<reference>`). */
export const referenceOf = (network: Pick<Network, 'caipNetworkId'>): string =>
  network.caipNetworkId.slice('bip122:'.length)

/** A known Bitcoin chain by CAIP-2 reference; undefined for any other. */
export function chainInfo(reference: string): BitcoinChainInfo | undefined {
  const chain = CHAINS.find((known) => known.reference === reference)
  const family = bitcoinChainFamily(`bip122:${reference}`)
  return chain && family ? { ...chain, family } : undefined
}

/**
 * The CAIP-2 reference a wallet means by a chain: a CAIP-2 id (`bip122:…`), a Wallet Standard
 * name (`bitcoin:mainnet`) or a sats-connect network name (`Mainnet`). Undefined if unknown.
 */
export function referenceOfChain(chain: string): string | undefined {
  if (chain.startsWith('bip122:')) return chain.slice('bip122:'.length)
  const known = CHAINS.find(
    (info) =>
      info.standardChain === chain || info.satsConnectName.toLowerCase() === chain.toLowerCase(),
  )
  return known?.reference
}
