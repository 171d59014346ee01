import { createKeyPairFromBytes, getAddressDecoder } from '@solana/kit'
import { invalidParams } from './errors.js'
import type { SolanaDevWalletKeypair } from './types.js'

/** A keypair the wallet holds: its public half known at once, its CryptoKeys made on first use. */
export interface WalletKey {
  readonly address: string
  readonly publicKey: Uint8Array
  /** WebCrypto imports are async, so the keys are made lazily and kept. */
  keyPair(): Promise<CryptoKeyPair>
}

/**
 * Solana's 64-byte secret key ends with the public key, so the address is known synchronously
 * (the wallet object must list its accounts the moment it is created); kit's
 * `createKeyPairFromBytes` still checks, on first use, that the two halves match.
 */
export function walletKey(keypair: SolanaDevWalletKeypair): WalletKey {
  if (keypair.secretKey.length !== 64) {
    throw invalidParams(`the secret key of ${keypair.address} must be 64 bytes`)
  }
  const publicKey = keypair.secretKey.slice(32)
  const address = getAddressDecoder().decode(publicKey)
  if (address !== keypair.address) {
    throw invalidParams(`the secret key does not belong to ${keypair.address}`)
  }
  let pending: Promise<CryptoKeyPair> | undefined
  return {
    address,
    publicKey,
    keyPair: () => (pending ??= createKeyPairFromBytes(keypair.secretKey)),
  }
}
