import {
  createKeyPairFromBytes,
  getAddressDecoder,
  signBytes,
  type ReadonlyUint8Array,
} from '@solana/kit'

/** The Solana key the wallet holds: its address at once, its CryptoKeys once checked. */
export interface SolanaAccount {
  readonly address: string
  readonly keyPair: CryptoKeyPair
  /** ed25519 over `bytes`: the 64 signature bytes. */
  sign(bytes: ReadonlyUint8Array): Promise<Uint8Array>
}

/**
 * Imports a 64-byte Solana secret key (seed ‖ public key). kit's `createKeyPairFromBytes` signs
 * and verifies with the pair before returning, so a secret key whose halves do not belong
 * together is refused here, when the wallet starts, not at its first signature.
 */
export async function createSolanaAccount(secretKey: Uint8Array): Promise<SolanaAccount> {
  const keyPair = await createKeyPairFromBytes(secretKey)
  const address = getAddressDecoder().decode(secretKey.slice(32))
  return {
    address,
    keyPair,
    sign: async (bytes) => new Uint8Array(await signBytes(keyPair.privateKey, bytes)),
  }
}
