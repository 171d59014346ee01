/**
 * Parses an address the way electrs does for its `/address/:a` routes: any address of regtest
 * (`bcrt1…`, and testnet's base58 `m…`, `n…`, `2…`, which regtest shares), and a clear refusal of
 * a mainnet or testnet one.
 */
import { address as bitcoinAddress, networks } from 'bitcoinjs-lib'
import { REGTEST, toHex } from './bitcoin.js'

/** The answer for an address of another network: electrs' text. */
export const WRONG_NETWORK = 'Address on invalid network'
/** The answer for text that is no Bitcoin address at all. */
export const INVALID_ADDRESS = 'Invalid Bitcoin address'

/** A regtest address and the output script it stands for. */
export interface RegtestAddress {
  readonly address: string
  readonly script: Uint8Array
  readonly scriptHex: string
}

function outputScript(address: string, network: networks.Network): Uint8Array | undefined {
  try {
    return bitcoinAddress.toOutputScript(address, network)
  } catch {
    return undefined
  }
}

/**
 * Reads a regtest address.
 * @returns the address and its script, or the error text (electrs' for another network's).
 */
export function parseRegtestAddress(raw: string): RegtestAddress | { error: string } {
  const script = outputScript(raw, REGTEST)
  if (script !== undefined) return { address: raw, script, scriptHex: toHex(script) }
  const elsewhere = [networks.bitcoin, networks.testnet].some(
    (network) => outputScript(raw, network) !== undefined,
  )
  return { error: elsewhere ? WRONG_NETWORK : INVALID_ADDRESS }
}
