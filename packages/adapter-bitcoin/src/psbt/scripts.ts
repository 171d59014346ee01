import { LatchError } from '@latch/core'
import {
  address as bitcoinAddress,
  networks,
  type Network as BitcoinjsNetwork,
} from 'bitcoinjs-lib'
import type { AddressFamily } from '../chains.js'

/** bitcoinjs-lib's parameters for each address family. */
export const BITCOINJS_NETWORKS: Readonly<Record<AddressFamily, BitcoinjsNetwork>> = {
  mainnet: networks.bitcoin,
  testnet: networks.testnet,
  regtest: networks.regtest,
}

const OP_0 = 0x00
const OP_1 = 0x51
const OP_HASH160 = 0xa9
const OP_EQUAL = 0x87
const OP_DUP = 0x76
const OP_EQUALVERIFY = 0x88
const OP_CHECKSIG = 0xac

/**
 * The output script an address pays to, decoded by hand from bitcoinjs-lib's base58check and
 * bech32/bech32m decoders (which verify the checksums): `address.toOutputScript` would need an
 * elliptic-curve library just to check a Taproot key, and the recipient's key is theirs to get
 * right. An address of another network, or not an address, is 'Invalid CAIP Address'.
 */
export function outputScript(address: string, family: AddressFamily): Uint8Array {
  const network = BITCOINJS_NETWORKS[family]
  try {
    const { version, hash } = bitcoinAddress.fromBase58Check(address)
    if (version === network.pubKeyHash) {
      return Uint8Array.from([OP_DUP, OP_HASH160, 20, ...hash, OP_EQUALVERIFY, OP_CHECKSIG])
    }
    if (version === network.scriptHash) return Uint8Array.from([OP_HASH160, 20, ...hash, OP_EQUAL])
  } catch {
    try {
      const { prefix, version, data } = bitcoinAddress.fromBech32(address)
      const lengthFits = version === 0 ? data.length === 20 || data.length === 32 : data.length >= 2
      if (prefix === network.bech32 && lengthFits && data.length <= 40) {
        return Uint8Array.from([version === 0 ? OP_0 : OP_1 + version - 1, data.length, ...data])
      }
    } catch {
      // Neither form: refused below.
    }
  }
  throw new LatchError('INVALID_CAIP_ADDRESS', { values: { address } })
}

/** The kinds of address the adapter spends from. */
export type SpendKind = 'p2wpkh' | 'p2tr' | 'p2sh' | 'other'

export function spendKind(script: Uint8Array): SpendKind {
  if (script.length === 22 && script[0] === OP_0 && script[1] === 20) return 'p2wpkh'
  if (script.length === 34 && script[0] === OP_1 && script[1] === 32) return 'p2tr'
  if (script.length === 23 && script[0] === OP_HASH160 && script[22] === OP_EQUAL) return 'p2sh'
  return 'other'
}

/** A witness program (segwit v0–v16): its spends are cheaper, so its dust is lower. */
function isWitnessProgram(script: Uint8Array): boolean {
  const version = script[0]!
  const isVersion = version === OP_0 || (version >= OP_1 && version <= 0x60)
  return isVersion && script.length >= 4 && script.length <= 42 && script[1] === script.length - 2
}

/** bitcoind's dust threshold at its 3 sat/vB dust relay fee: 294 P2WPKH, 330 Taproot, 540 P2SH, 546 P2PKH. */
export function dustLimit(script: Uint8Array): bigint {
  const outputSize = 8 + 1 + script.length
  const spendSize = isWitnessProgram(script) ? 67 : 148
  return BigInt(3 * (outputSize + spendSize))
}

/** An output's size in vbytes: the value, the script's length and the script. */
export const outputVbytes = (script: Uint8Array): number => 8 + 1 + script.length

/**
 * An input's size in vbytes once signed: the outpoint, sequence and scriptSig length (41), plus
 * P2WPKH's witness (a 72-byte signature and a 33-byte key: 27 vB), Taproot key path's (a 64-byte
 * Schnorr signature: 16.5 vB), or nested P2WPKH's 23-byte scriptSig and witness. Rounded up, so
 * the fee never falls under the rate.
 */
export const INPUT_VBYTES: Readonly<Record<Exclude<SpendKind, 'other'>, number>> = {
  p2wpkh: 68,
  p2tr: 57.5,
  p2sh: 91,
}

/** Version, locktime, the two counts and the segwit marker and flag. */
export const OVERHEAD_VBYTES = 10.5
