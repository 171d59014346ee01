import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// The vault share's envelope: AES-256-GCM under a key derived from LATCH_CUSTODY_KEY, which
// lives only in the server's environment (never in the config file, never in the database). The
// associated data names the wallet, its user and its address, so a sealed share copied onto
// another wallet's row does not open.

const NONCE_BYTES = 12
const TAG_BYTES = 16

/** The custody key, derived for sealing, with a fingerprint to tell keys apart. */
export interface CustodyKey {
  /** AES-256 key: derived (HKDF-SHA-256) from the environment's secret for this one use. */
  readonly seal: Uint8Array
  /** A fingerprint of the key (not the key): stored beside each sealed share. */
  readonly id: string
}

const derive = (secret: string, use: string) =>
  new Uint8Array(hkdfSync('sha256', secret, 'latch-custody-v1', use, 32))

export function deriveCustodyKey(secret: string): CustodyKey {
  return {
    seal: derive(secret, 'vault-share-seal'),
    id: Buffer.from(derive(secret, 'key-id').subarray(0, 12)).toString('base64url'),
  }
}

/** What a sealed share is bound to. */
export interface SealContext {
  walletId: string
  userId: string
  address: string
}

const aadOf = (context: SealContext) =>
  Buffer.from(`latch-vault-share|${context.walletId}|${context.userId}|${context.address}`)

/** A sealed share: nonce and ciphertext with its tag, in base64url. */
export interface Sealed {
  iv: string
  sealed: string
}

/** Seals a share (its base64url text) under the custody key. */
export function sealShare(key: CustodyKey, share: string, context: SealContext): Sealed {
  const iv = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key.seal, iv)
  cipher.setAAD(aadOf(context))
  const body = Buffer.concat([cipher.update(share, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return { iv: iv.toString('base64url'), sealed: body.toString('base64url') }
}

/**
 * Opens a sealed share.
 * @returns the share, or undefined when it does not open (another key, another wallet's row, or
 * a changed byte): the caller refuses, it never guesses.
 */
export function openShare(
  key: CustodyKey,
  sealed: Sealed,
  context: SealContext,
): string | undefined {
  const body = Buffer.from(sealed.sealed, 'base64url')
  if (body.length <= TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.seal, Buffer.from(sealed.iv, 'base64url'))
    decipher.setAAD(aadOf(context))
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return undefined
  }
}
