/**
 * The networks the wallet knows: regtest (the devnet, the only one it signs and sends on),
 * mainnet and testnet (it shows their addresses of the same keys, as a real wallet switched to
 * them would, and refuses to sign or send there). Named as sats-connect names them, identified
 * as CAIP-2 ids and the Bitcoin Wallet Standard's `bitcoin:*` chain names.
 */
import { BITCOIN_REGTEST_CHAIN } from '@latch/bitcoin-devnet/browser'
import type { IdentifierString } from '@wallet-standard/base'
import { networks, type Network } from 'bitcoinjs-lib'

/** sats-connect's `BitcoinNetworkType` values this wallet can switch to. */
export type BitcoinNetworkName = 'Mainnet' | 'Testnet' | 'Regtest'

export const BITCOIN_NETWORK_NAMES: readonly BitcoinNetworkName[] = [
  'Regtest',
  'Mainnet',
  'Testnet',
]

/** CAIP-2 ids (`bip122:` + the genesis hash's first 32 hex digits), as Latch's networks use. */
export const BITCOIN_MAINNET_CAIP = 'bip122:000000000019d6689c085ae165831e93'
export const BITCOIN_TESTNET_CAIP = 'bip122:000000000933ea01ad0ee984209779ba'
export const BITCOIN_REGTEST_CAIP: typeof BITCOIN_REGTEST_CHAIN = BITCOIN_REGTEST_CHAIN

interface NetworkInfo {
  readonly caip: IdentifierString
  /** The Bitcoin Wallet Standard's chain name (`@exodus/bitcoin-wallet-standard-chains`). */
  readonly standard: IdentifierString
  readonly bitcoinjs: Network
  /** What sats-connect's `networkChange` and `wallet_getNetwork` report for Stacks alongside. */
  readonly stacks: 'mainnet' | 'testnet'
  readonly spark: 'mainnet' | 'regtest'
}

const INFO: Readonly<Record<BitcoinNetworkName, NetworkInfo>> = {
  Regtest: {
    caip: BITCOIN_REGTEST_CAIP,
    standard: 'bitcoin:regtest',
    bitcoinjs: networks.regtest,
    stacks: 'testnet',
    spark: 'regtest',
  },
  Mainnet: {
    caip: BITCOIN_MAINNET_CAIP,
    standard: 'bitcoin:mainnet',
    bitcoinjs: networks.bitcoin,
    stacks: 'mainnet',
    spark: 'mainnet',
  },
  Testnet: {
    caip: BITCOIN_TESTNET_CAIP,
    standard: 'bitcoin:testnet',
    bitcoinjs: networks.testnet,
    stacks: 'testnet',
    spark: 'mainnet',
  },
}

export const networkInfo = (name: BitcoinNetworkName): NetworkInfo => INFO[name]

/** Both ids of a network: its CAIP-2 id first, then its `bitcoin:*` name. */
export const chainIdsOf = (
  name: BitcoinNetworkName,
): readonly [IdentifierString, IdentifierString] => [INFO[name].caip, INFO[name].standard]

/**
 * The wallet's `chains`: the three CAIP-2 ids (regtest first, as Latch names them) and the
 * Wallet Standard's `bitcoin:*` names (as Exodus' and MetaMask's wallets list them), so an app
 * matching either finds its network.
 */
export const BITCOIN_DEV_WALLET_CHAINS: readonly IdentifierString[] = [
  ...BITCOIN_NETWORK_NAMES.map((name) => INFO[name].caip),
  ...BITCOIN_NETWORK_NAMES.map((name) => INFO[name].standard),
]

/** The network a chain id names, either form; undefined for any other chain. */
export function networkOfChain(chain: string): BitcoinNetworkName | undefined {
  return BITCOIN_NETWORK_NAMES.find((name) => chainIdsOf(name).some((id) => id === chain))
}

/** sats-connect's `network` object (`wallet_getNetwork`'s result) for a network. */
export function satsConnectNetwork(name: BitcoinNetworkName) {
  return {
    bitcoin: { name },
    stacks: { name: INFO[name].stacks },
    spark: { name: INFO[name].spark },
  }
}
