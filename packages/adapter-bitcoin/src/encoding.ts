/**
 * Bytes as text, without a library: the Wallet Standard hands bytes (signatures, PSBTs, public
 * keys) where sats-connect and Esplora speak base64 and hex. `btoa`/`atob` exist in browsers and
 * in Node ≥ 16.
 */

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** @throws DOMException (InvalidCharacterError) on text that is not base64. */
export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}

export function toHex(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Hex (even length) as bytes; a wallet's public key. */
export const fromHex = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (byte) => parseInt(byte, 16))

/** A transaction id: 64 hex digits (display order). */
export const isTxid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{64}$/i.test(value)
