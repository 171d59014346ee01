import { randomBytes } from 'node:crypto'
import { errors as joseErrors, importJWK, importSPKI, jwtVerify, type CryptoKey } from 'jose'
import type { AppleClientSecretKey } from './types.js'

/** Apple refuses a client secret whose `exp` is more than six months after its `iat`. */
export const APPLE_MAX_SECRET_LIFETIME_S = 15_777_000

/** A secret nobody is told: what oidc-provider compares once the JWT has been verified. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** The developer's public key, imported once at start. */
export async function importAppleKey(key: AppleClientSecretKey): Promise<CryptoKey> {
  if (typeof key.publicKey === 'string') return importSPKI(key.publicKey, 'ES256')
  const imported = await importJWK(key.publicKey, 'ES256')
  // Only a symmetric ("oct") JWK imports as bytes, and the options' schema admits EC keys alone.
  if (imported instanceof Uint8Array) throw new Error('appleClientSecretKey must be an EC key')
  return imported
}

/**
 * Checks Apple's client secret as Apple does: an ES256 JWT signed with the developer's key, with
 * `iss` = the team id, `sub` = the client id, `aud` = the provider's issuer, `iat` and `exp` (at
 * most six months apart, not expired), and `kid` = the key id when one is configured.
 * @returns undefined when it is valid, else why not (for the token endpoint's
 *   `error_description`).
 */
export async function verifyAppleClientSecret(
  secret: string,
  expected: { key: AppleClientSecretKey; publicKey: CryptoKey; clientId: string; issuer: string },
): Promise<string | undefined> {
  try {
    const { payload, protectedHeader } = await jwtVerify(secret, expected.publicKey, {
      algorithms: ['ES256'],
      issuer: expected.key.teamId,
      subject: expected.clientId,
      audience: expected.issuer,
      requiredClaims: ['iat', 'exp'],
    })
    if (expected.key.keyId !== undefined && protectedHeader.kid !== expected.key.keyId) {
      return `the client_secret JWT's kid must be "${expected.key.keyId}"`
    }
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > APPLE_MAX_SECRET_LIFETIME_S) {
      return "the client_secret JWT's exp is more than six months after its iat"
    }
    return undefined
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return `the client_secret JWT: ${error.message}`
    throw error
  }
}
