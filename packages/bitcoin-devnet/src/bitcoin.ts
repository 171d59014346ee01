/**
 * bitcoinjs-lib, set up once with @bitcoinerlab/secp256k1 (pure JS on noble-curves: no WASM, no
 * native build), and the few byte helpers the rest shares.
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, networks } from 'bitcoinjs-lib'

// Taproot addresses and payments need an ECC library; bitcoinjs checks it once here.
initEccLib(ecc)

export { ecc }

/** bitcoinjs' regtest parameters: `bcrt` bech32, testnet's base58 versions and WIF. */
export const REGTEST = networks.regtest

/** Bitcoin's supply cap in sats, consensus' MAX_MONEY. */
export const MAX_MONEY = 2_100_000_000_000_000n

const HEX = /^(?:[0-9a-fA-F]{2})*$/

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

/** Bytes of an even-length hex string, or undefined for anything else. */
export function fromHex(hex: string): Uint8Array | undefined {
  return HEX.test(hex) ? Uint8Array.from(Buffer.from(hex, 'hex')) : undefined
}

/** A txid in display order (as Esplora writes it) from an input's internal-order hash. */
export function txidOf(hash: Uint8Array): string {
  return toHex(Uint8Array.from(hash).reverse())
}

/** The internal-order hash of a display-order txid (64 hex digits, checked by the caller). */
export function hashOf(txid: string): Uint8Array {
  return Uint8Array.from(Buffer.from(txid, 'hex')).reverse()
}

/** `txid:vout`, the key of an outpoint in the chain's maps. */
export function outpointKey(txid: string, vout: number): string {
  return `${txid}:${vout}`
}
