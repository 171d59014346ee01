import {
  DEVICE_PROOF_ALGORITHM,
  DEVICE_PROOF_MAX_SKEW_SECONDS,
  DEVICE_PROOF_TYPE,
  deviceProofClaimsSchema,
  deviceProofHeaderSchema,
  type DeviceJwk,
} from '@latch/core/api'
import { sql } from 'drizzle-orm'
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify } from 'jose'
import type { Db } from '../db/database.js'
import { rowsOf } from '../limits/rate-limit.js'
import { safeEqual, sha256Base64url } from './crypto.js'
import { invalidProof } from './errors.js'

/** The largest proof read: a P-256 header and a few claims are well under 1 KiB. */
const MAX_PROOF_LENGTH = 2048

/** The device that signed a request: its public key and the key's RFC 7638 thumbprint. */
export interface ProvenDevice {
  jwk: DeviceJwk
  /** base64url(SHA-256) thumbprint: what devices, codes and tokens are bound to. */
  jkt: string
}

/** The request a proof must be about. */
export interface ProofTarget {
  /** The `DPoP` header's value. */
  proof: string | undefined
  method: string
  /** `{publicUrl}{path}`: the URL as the browser named it, whatever proxy sits in between. */
  url: string
  /** The body exactly as received. */
  body: string
  /** The access token sent with the request, if any. */
  accessToken: string | undefined
  /** Now, in ms. */
  now: number
}

/**
 * Checks a device proof (RFC 9449's shape): an ES256 compact JWS whose header carries a public
 * P-256 key, signed by that key, about exactly this request (method, URL, body hash, access
 * token hash), made within {@link DEVICE_PROOF_MAX_SKEW_SECONDS} of now. Does not check reuse:
 * {@link spendProof} does, once everything else passed.
 * @throws AuthError 401 INVALID_PROOF naming the first thing wrong.
 */
export async function verifyProof(
  target: ProofTarget,
): Promise<ProvenDevice & { jti: string; iat: number }> {
  const { proof } = target
  if (proof === undefined || proof === '') throw invalidProof('missing DPoP header')
  if (
    proof.length > MAX_PROOF_LENGTH ||
    !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(proof)
  ) {
    throw invalidProof('not a compact JWS')
  }
  let rawHeader: unknown
  try {
    rawHeader = decodeProtectedHeader(proof)
  } catch {
    throw invalidProof('not a compact JWS')
  }
  const header = deviceProofHeaderSchema.safeParse(rawHeader)
  if (!header.success) {
    throw invalidProof(
      `header must be typ ${DEVICE_PROOF_TYPE}, alg ${DEVICE_PROOF_ALGORITHM} and a public P-256 jwk`,
    )
  }
  let payload: unknown
  try {
    const key = await importJWK(header.data.jwk, DEVICE_PROOF_ALGORITHM)
    payload = (
      await jwtVerify(proof, key, {
        algorithms: [DEVICE_PROOF_ALGORITHM],
        typ: DEVICE_PROOF_TYPE,
        currentDate: new Date(target.now),
      })
    ).payload
  } catch {
    throw invalidProof('bad signature')
  }
  const claims = deviceProofClaimsSchema.safeParse(payload)
  if (!claims.success) throw invalidProof('claims must be jti, htm, htu, iat, bh (and ath)')
  const { jti, htm, htu, iat, bh, ath } = claims.data
  if (htm !== target.method || htu !== target.url) {
    throw invalidProof('made for another request')
  }
  if (Math.abs(target.now / 1000 - iat) > DEVICE_PROOF_MAX_SKEW_SECONDS) {
    throw invalidProof('stale or future iat: check the device clock')
  }
  if (!safeEqual(bh, sha256Base64url(target.body))) throw invalidProof('body does not match bh')
  if (target.accessToken === undefined) {
    if (ath !== undefined) throw invalidProof('ath without an access token')
  } else if (ath === undefined || !safeEqual(ath, sha256Base64url(target.accessToken))) {
    throw invalidProof('ath does not match the access token')
  }
  const jkt = await calculateJwkThumbprint(header.data.jwk, 'sha256')
  return { jwk: header.data.jwk, jkt, jti, iat }
}

/**
 * Records a proof's id so it is accepted once, fleet-wide: the insert is atomic, so two
 * instances handed the same proof at once accept it on one only. Ids are kept until the proof
 * would be stale anyway, then swept by later inserts.
 * @throws AuthError 401 INVALID_PROOF when the proof was used before.
 */
export async function spendProof(
  db: Db,
  proof: { jkt: string; jti: string; iat: number },
  now: number,
): Promise<void> {
  const expiresAt = (proof.iat + DEVICE_PROOF_MAX_SKEW_SECONDS) * 1000
  const result = await db.execute(sql`
    with swept as (delete from proof_jtis where expires_at < ${now})
    insert into proof_jtis (jkt, jti, expires_at) values (${proof.jkt}, ${proof.jti}, ${expiresAt})
    on conflict (jkt, jti) do nothing
    returning jti`)
  if (rowsOf<{ jti: string }>(result).length === 0) throw invalidProof('already used')
}
