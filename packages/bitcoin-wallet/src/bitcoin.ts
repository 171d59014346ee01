/**
 * bitcoinjs-lib 7, set up once with @bitcoinerlab/secp256k1 (pure JS on noble-curves: no WASM,
 * no native build, so the same code runs in Node and in the extension's browser bundle), and
 * the byte helpers the rest shares. No `Buffer`: it does not exist in a page.
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

// Taproot payments and signing need an ECC library; bitcoinjs checks it once here.
initEccLib(ecc)

export { ecc }

/** Key pairs (ecpair 3, Uint8Array-based) over the same curve library. */
export const ECPair = ECPairFactory(ecc)

const HEX = /^(?:[0-9a-fA-F]{2})*$/

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = ''
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/** Bytes of an even-length hex string, or undefined for anything else. */
export function fromHex(hex: string): Uint8Array | undefined {
  if (!HEX.test(hex)) return undefined
  const bytes = new Uint8Array(hex.length / 2)
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  }
  return bytes
}

/** Standard base64 of bytes (`btoa` exists in pages and in Node alike). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

/** Bitcoin's CompactSize (varint) encoding of a length. */
export function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length)
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >> 8)
  const bytes = new Uint8Array(5)
  bytes[0] = 0xfe
  new DataView(bytes.buffer).setUint32(1, length, true)
  return bytes
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
