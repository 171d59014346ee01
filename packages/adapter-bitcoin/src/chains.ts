import type { Network } from '@latch/core'
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
  /** Which addresses belong to it: segwit human-readable part and base58 family. */
  readonly family: AddressFamily
}

/** Address families: the test networks (testnet, testnet4, signet) share `tb1`, `m`, `n`, `2`. */
export type AddressFamily = 'mainnet' | 'testnet' | 'regtest'

const CHAINS: readonly BitcoinChainInfo[] = [
  {
    reference: BITCOIN_MAINNET_REFERENCE,
    satsConnectName: 'Mainnet',
    standardChain: 'bitcoin:mainnet',
    family: 'mainnet',
  },
  {
    reference: BITCOIN_TESTNET_REFERENCE,
    satsConnectName: 'Testnet',
    standardChain: 'bitcoin:testnet',
    family: 'testnet',
  },
  {
    reference: BITCOIN_TESTNET4_REFERENCE,
    satsConnectName: 'Testnet4',
    standardChain: 'bitcoin:testnet4',
    family: 'testnet',
  },
  {
    reference: BITCOIN_SIGNET_REFERENCE,
    satsConnectName: 'Signet',
    standardChain: 'bitcoin:signet',
    family: 'testnet',
  },
  {
    reference: BITCOIN_REGTEST_REFERENCE,
    satsConnectName: 'Regtest',
    standardChain: 'bitcoin:regtest',
    family: 'regtest',
  },
]

/** The CAIP-2 reference of a `bip122` network (`bip122:<reference>`). */
export const referenceOf = (network: Pick<Network, 'caipNetworkId'>): string =>
  network.caipNetworkId.slice('bip122:'.length)

/** A known Bitcoin chain by CAIP-2 reference; undefined for any other. */
export const chainInfo = (reference: string): BitcoinChainInfo | undefined =>
  CHAINS.find((chain) => chain.reference === reference)

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
