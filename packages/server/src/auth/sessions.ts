import { randomUUID } from 'node:crypto'
import type { AuthTokens } from '@latch/core/api'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { authSessions, devices, refreshTokens, users } from '../db/schema.js'
import { signAccessToken, verifyAccessToken, type AccessTokenScope } from './access-token.js'
import { publicUser, touchDevice, type UserRow } from './accounts.js'
import type { AuthDeps } from './context.js'
import { hmac, randomToken } from './crypto.js'
import { invalidProof, sessionExpired } from './errors.js'

// Sessions: one per login of a device for a project. The frame holds a short-lived access token
// and a one-use refresh token, both useless without the device key's proof. Only hashes of
// refresh tokens are stored; a used one presented again means it was copied, and the whole
// session ends.

const refreshHash = (deps: AuthDeps, token: string) => hmac(deps.keys.token, `refresh:${token}`)

const scopeOf = (deps: AuthDeps, projectId: string): AccessTokenScope => ({
  key: deps.keys.access,
  issuer: deps.config.publicUrl,
  projectId,
})

/** What a session is opened for. */
export interface SessionSubject {
  user: UserRow
  deviceId: string
  jkt: string
  projectId: string
}

/** A fresh refresh token in the session, and an access token beside it. */
async function issueTokens(
  deps: AuthDeps,
  subject: SessionSubject,
  sessionId: string,
  sessionExpiresAt: Date,
  db = deps.db,
): Promise<AuthTokens> {
  const now = deps.now()
  const refreshToken = randomToken()
  const ttl = deps.config.refreshTokenTtlSeconds * 1000
  await db.insert(refreshTokens).values({
    tokenHash: refreshHash(deps, refreshToken),
    sessionId,
    createdAt: new Date(now),
    // Never past the session's own end.
    expiresAt: new Date(Math.min(now + ttl, sessionExpiresAt.getTime())),
    usedAt: null,
  })
  const accessToken = await signAccessToken(
    scopeOf(deps, subject.projectId),
    { userId: subject.user.id, sessionId, jkt: subject.jkt },
    now,
    deps.config.accessTokenTtlSeconds,
  )
  return {
    accessToken,
    refreshToken,
    expiresIn: deps.config.accessTokenTtlSeconds,
    user: publicUser(subject.user),
  }
}

/** Opens a session (after a code was checked) and answers its first tokens. */
export async function openSession(deps: AuthDeps, subject: SessionSubject): Promise<AuthTokens> {
  const now = deps.now()
  const id = randomUUID()
  const expiresAt = new Date(now + deps.config.sessionMaxAgeSeconds * 1000)
  return deps.db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      id,
      userId: subject.user.id,
      deviceId: subject.deviceId,
      projectId: subject.projectId,
      createdAt: new Date(now),
      expiresAt,
      revokedAt: null,
      revokedReason: null,
    })
    return issueTokens(deps, subject, id, expiresAt, tx)
  })
}

/** Ends a session: its access tokens are refused from now on, its refresh tokens too. */
export async function revokeSession(
  deps: AuthDeps,
  sessionId: string,
  reason: 'sign-out' | 'refresh-reuse',
): Promise<void> {
  await deps.db
    .update(authSessions)
    .set({ revokedAt: new Date(deps.now()), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
}

const liveSession = (now: Date) =>
  and(isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now))

/**
 * Whether this device holds a live session of this account for this project: one not ended,
 * with a refresh token not used and not expired. What CONNECT_EMAIL's CONNECT rests on (a
 * session of another project could not be refreshed here).
 */
export async function hasLiveSession(
  deps: AuthDeps,
  session: { userId: string; deviceId: string; projectId: string },
): Promise<boolean> {
  const now = new Date(deps.now())
  const [row] = await deps.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(refreshTokens, eq(refreshTokens.sessionId, authSessions.id))
    .where(
      and(
        eq(authSessions.userId, session.userId),
        eq(authSessions.deviceId, session.deviceId),
        eq(authSessions.projectId, session.projectId),
        liveSession(now),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Swaps a refresh token for new tokens. The token must be this project's, bound to this device
 * key, unexpired, in a live session, and unused: the swap marks it used in one atomic update, so
 * of two requests with the same token one wins and the other is a reuse. A reuse ends the
 * session (whoever holds a copy is locked out, the owner logs in again).
 * @throws AuthError 401 SESSION_EXPIRED for every refusal, so nothing is learned from which.
 */
export async function refreshSession(
  deps: AuthDeps,
  request: { refreshToken: string; jkt: string; projectId: string },
): Promise<AuthTokens> {
  const now = new Date(deps.now())
  const hash = refreshHash(deps, request.refreshToken)
  const [found] = await deps.db
    .select({ token: refreshTokens, session: authSessions, jkt: devices.jkt, user: users })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(devices, eq(devices.id, authSessions.deviceId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1)
  // A token shown by another key, or under another project, proves nothing about its session:
  // refused without touching it, so a thief cannot end the owner's session either.
  if (!found || found.jkt !== request.jkt || found.session.projectId !== request.projectId) {
    throw sessionExpired()
  }
  const { session } = found
  if (session.revokedAt !== null || session.expiresAt <= now || found.token.expiresAt <= now) {
    throw sessionExpired()
  }
  const [spent] = await deps.db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash })
  if (!spent) {
    await revokeSession(deps, session.id, 'refresh-reuse')
    throw sessionExpired()
  }
  await touchDevice(deps.db, session.deviceId, now)
  return issueTokens(
    deps,
    {
      user: found.user,
      deviceId: session.deviceId,
      jkt: request.jkt,
      projectId: session.projectId,
    },
    session.id,
    session.expiresAt,
  )
}

/** The session behind a refresh token shown by its own device key, live or not. */
export async function sessionOfRefreshToken(
  deps: AuthDeps,
  refreshToken: string,
  jkt: string,
): Promise<string | undefined> {
  const [found] = await deps.db
    .select({ sessionId: authSessions.id, jkt: devices.jkt })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(devices, eq(devices.id, authSessions.deviceId))
    .where(eq(refreshTokens.tokenHash, refreshHash(deps, refreshToken)))
    .limit(1)
  return found && found.jkt === jkt ? found.sessionId : undefined
}

/** A checked access token: its session and user, or `ended` when the session is over. */
export type Authentication =
  | { state: 'live'; user: UserRow; sessionId: string; deviceId: string }
  | { state: 'ended'; sessionId: string }

/**
 * Checks an access token shown with a proof by the device key `jkt`: the token must be valid
 * for this project and bound to that very key (a stolen token with the thief's own key is
 * refused), and the session it names must belong to that same key's device. The last check is
 * what stops a token forged with the login's secret: it can name any session and any key, but
 * not change which device the session was opened on. Only then does it matter whether the
 * session has ended.
 * @throws AuthError 401 SESSION_EXPIRED (bad token) or INVALID_PROOF (another key's token, or a
 * token whose key is not its session's device's).
 */
export async function authenticate(
  deps: AuthDeps,
  request: { accessToken: string; jkt: string; projectId: string },
): Promise<Authentication> {
  const claims = await verifyAccessToken(
    scopeOf(deps, request.projectId),
    request.accessToken,
    deps.now(),
    deps.config.accessTokenTtlSeconds,
  )
  if (claims.jkt !== request.jkt) throw invalidProof('the access token is bound to another device')
  const now = new Date(deps.now())
  const [found] = await deps.db
    .select({
      user: users,
      deviceId: authSessions.deviceId,
      deviceJkt: devices.jkt,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(devices, eq(devices.id, authSessions.deviceId))
    .where(and(eq(authSessions.id, claims.sessionId), eq(authSessions.userId, claims.userId)))
    .limit(1)
  if (!found) return { state: 'ended', sessionId: claims.sessionId }
  // Checked before liveness: a forged token must not even sign the owner out.
  if (found.deviceJkt !== claims.jkt) {
    throw invalidProof('the access token is not bound to its session’s device')
  }
  if (found.revokedAt !== null || found.expiresAt <= now) {
    return { state: 'ended', sessionId: claims.sessionId }
  }
  return { state: 'live', user: found.user, sessionId: claims.sessionId, deviceId: found.deviceId }
}

/**
 * The signed-in user of a request to a route that needs one: a valid access token, bound to the
 * proving key, of a live session.
 * @throws AuthError 401 SESSION_EXPIRED (no token, a bad one, or an ended session).
 */
export async function requireSignedIn(
  deps: AuthDeps,
  request: { accessToken: string | undefined; jkt: string; projectId: string },
): Promise<{ user: UserRow; sessionId: string; deviceId: string }> {
  if (request.accessToken === undefined) throw sessionExpired()
  const auth = await authenticate(deps, { ...request, accessToken: request.accessToken })
  if (auth.state === 'ended') throw sessionExpired()
  return auth
}
