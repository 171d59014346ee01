import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import * as z from 'zod'
import { sessionExpired } from './errors.js'

/** The access token's JOSE `typ` (RFC 9068). */
const ACCESS_TOKEN_TYPE = 'at+jwt'

/** What an access token says, once checked. */
export interface AccessClaims {
  userId: string
  sessionId: string
  /** The device key it is bound to (`cnf.jkt`, RFC 9449 §6). */
  jkt: string
}

/** Who issues and who may use a token. */
export interface AccessTokenScope {
  key: Uint8Array
  /** `iss`: the server's public URL. */
  issuer: string
  /** `aud`: the project the session was opened for. */
  projectId: string
}

const claimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  cnf: z.object({ jkt: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }),
})

/**
 * A short-lived access token: an HS256 JWT (only this server's instances verify it, with a key
 * derived from the shared secret), for one project (`aud`), one user (`sub`), one session (`sid`)
 * and one device key (`cnf.jkt`): without that key's proof it is refused.
 */
export async function signAccessToken(
  scope: AccessTokenScope,
  claims: AccessClaims,
  now: number,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(now / 1000)
  return new SignJWT({ sid: claims.sessionId, cnf: { jkt: claims.jkt } })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
    .setIssuer(scope.issuer)
    .setAudience(scope.projectId)
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(scope.key)
}

/**
 * Checks an access token's signature, type, issuer, audience and times (SPEC §8: an invalid or
 * not-yet-valid token is a 'Session Expired'). Says nothing of the session: it may have ended.
 * @throws AuthError 401 SESSION_EXPIRED.
 */
export async function verifyAccessToken(
  scope: AccessTokenScope,
  token: string,
  now: number,
  ttlSeconds: number,
): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, scope.key, {
      algorithms: ['HS256'],
      typ: ACCESS_TOKEN_TYPE,
      issuer: scope.issuer,
      audience: scope.projectId,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'iat', 'sub'],
      // Also refuses an `iat` in the future: a token this server could not have issued yet.
      maxTokenAge: ttlSeconds,
    })
    const claims = claimsSchema.parse(payload)
    return { userId: claims.sub, sessionId: claims.sid, jkt: claims.cnf.jkt }
  } catch {
    throw sessionExpired()
  }
}
