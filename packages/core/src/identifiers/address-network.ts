import { LatchError } from '../errors/latch-error.js'
import { isAddressForNamespace, isBitcoinAddress } from './address.js'
import type { CaipNetworkId, ChainNamespace } from './types.js'

/**
 * The CAIP-2 references of Bitcoin's chains (`bip122:<reference>`): the first 32 hex digits of
 * each genesis block hash (CAIP-4).
 */
export const BITCOIN_CHAIN_REFERENCES = {
  mainnet: '000000000019d6689c085ae165831e93',
  testnet: '000000000933ea01ad0ee984209779ba',
  testnet4: '00000000da84f2bafbbc53dee25a72ae',
  signet: '00000008819873e925422c1ff0f99f7c',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328',
} as const

/**
 * Which addresses a Bitcoin chain accepts. The test networks (testnet, testnet4, signet) share
 * `tb1…` and base58 `m…`, `n…`, `2…`; regtest has its own `bcrt1…` but shares the base58 forms.
 */
export type BitcoinAddressFamily = 'mainnet' | 'testnet' | 'regtest'

const FAMILY_BY_REFERENCE: Readonly<Record<string, BitcoinAddressFamily>> = {
  [BITCOIN_CHAIN_REFERENCES.mainnet]: 'mainnet',
  [BITCOIN_CHAIN_REFERENCES.testnet]: 'testnet',
  [BITCOIN_CHAIN_REFERENCES.testnet4]: 'testnet',
  [BITCOIN_CHAIN_REFERENCES.signet]: 'testnet',
  [BITCOIN_CHAIN_REFERENCES.regtest]: 'regtest',
}

/** The address family of a known `bip122` chain, by its CAIP-2 id; undefined for any other. */
export function bitcoinChainFamily(caipNetworkId: string): BitcoinAddressFamily | undefined {
  if (!caipNetworkId.startsWith('bip122:')) return undefined
  return FAMILY_BY_REFERENCE[caipNetworkId.slice('bip122:'.length)]
}

/**
 * The family an address belongs to, read from its form: segwit by its human-readable part
 * (`bc`, `tb`, `bcrt`), base58 by its first character (`1`, `3` mainnet; `m`, `n`, `2` the test
 * networks, which regtest shares: `testnet-or-regtest`). Undefined when {@link isBitcoinAddress}
 * refuses it. Never throws.
 */
export function bitcoinAddressFamily(
  address: string,
): BitcoinAddressFamily | 'testnet-or-regtest' | undefined {
  if (!isBitcoinAddress(address)) return undefined
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return 'regtest'
  if (lower.startsWith('bc1')) return 'mainnet'
  if (lower.startsWith('tb1')) return 'testnet'
  return address.startsWith('1') || address.startsWith('3') ? 'mainnet' : 'testnet-or-regtest'
}

/** The part of a network the address rules read. */
export interface AddressNetwork {
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
}

/**
 * The one rule for "may this address receive on this network": the namespace's form
 * ({@link isAddressForNamespace}), and for Bitcoin the network too, so a `bc1…` address is
 * refused on regtest and a `bcrt1…` one on mainnet. Throws a {@link LatchError}:
 * - 'Invalid CAIP Address' (`INVALID_CAIP_ADDRESS`) when the form is wrong;
 * - `ADDRESS_ON_OTHER_NETWORK`, naming both networks, when it is another network's address;
 * - 'Chain is not supported' for a `bip122` chain Latch does not know.
 *
 * Every send checks it before any wallet is asked, so a refused address sends nothing.
 */
export function assertAddressOnNetwork(address: string, network: AddressNetwork): void {
  if (!isAddressForNamespace(network.chainNamespace, address)) {
    throw new LatchError('INVALID_CAIP_ADDRESS', { values: { address } })
  }
  if (network.chainNamespace !== 'bip122') return
  const chainFamily = bitcoinChainFamily(network.caipNetworkId)
  if (!chainFamily) throw new LatchError('CHAIN_NOT_SUPPORTED')
  const family = bitcoinAddressFamily(address)
  const fits =
    family === chainFamily || (family === 'testnet-or-regtest' && chainFamily !== 'mainnet')
  if (fits) return
  const addressNetwork = family === 'testnet-or-regtest' ? 'testnet' : family
  throw new LatchError('ADDRESS_ON_OTHER_NETWORK', {
    values: { address, addressNetwork: `Bitcoin ${addressNetwork}`, network: network.name },
  })
}

/** {@link assertAddressOnNetwork} as a test: true when the address may receive on the network. */
export function isAddressOnNetwork(address: string, network: AddressNetwork): boolean {
  try {
    assertAddressOnNetwork(address, network)
    return true
  } catch {
    return false
  }
}
