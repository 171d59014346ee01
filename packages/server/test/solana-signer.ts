import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { base58 } from '@scure/base'

// A real Solana key for the sign-in tests: node:crypto's ed25519, encoded as wallets and the
// Solana adapter hand it over (base58 address, base58 64-byte signature of the UTF-8 text).

/** A Solana account: its base58 address and a signer of texts. */
export interface SolanaKeypair {
  address: string
  sign(text: string): string
}

/** A fresh Solana keypair. */
export function solanaKeypair(): SolanaKeypair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  return {
    address: base58.encode(rawPublicKey(publicKey)),
    sign: (text) => base58.encode(sign(null, Buffer.from(text, 'utf8'), privateKey)),
  }
}

/** The 32 bytes of an ed25519 public key (its JWK's `x`). */
function rawPublicKey(key: KeyObject): Uint8Array {
  const { x } = key.export({ format: 'jwk' })
  if (!x) throw new Error('An ed25519 public key has x')
  return Buffer.from(x, 'base64url')
}
