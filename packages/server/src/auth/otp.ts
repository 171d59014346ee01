import { randomUUID } from 'node:crypto'
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@latch/core/api'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { otps } from '../db/schema.js'
import { hitRateLimit } from '../limits/rate-limit.js'
import type { AuthDeps } from './context.js'
import { hmac, randomOtp, safeEqual } from './crypto.js'
import { codeExpired, codeLocked, invalidCode, rateLimited } from './errors.js'

/** What a code is for. */
export type OtpPurpose = 'login' | 'update_primary' | 'update_secondary'

/** A code to issue. */
export interface OtpRequest {
  purpose: OtpPurpose
  /** Whose code: the address for a login, the user id for an email update. */
  subject: string
  /** Where it is sent. */
  email: string
  /** An email update's new address, carried from step to step. */
  newEmail?: string
  /** The device that asked: only it may use the code. */
  jkt: string
}

/** A code that passed its check. */
export interface SpentOtp {
  email: string
  newEmail: string | null
}

/** The stored hash: bound to the row's random id, so equal codes never hash alike. */
const codeHash = (deps: AuthDeps, id: string, code: string) => hmac(deps.keys.otp, `${id}:${code}`)

/**
 * Makes a code ({@link OTP_TTL_SECONDS} valid, {@link OTP_MAX_ATTEMPTS} tries) and stores only
 * its hash. It replaces any earlier code of the same purpose and subject in the same statement,
 * so exactly one is live at a time.
 * @returns the code, for the mail and nowhere else.
 */
export async function issueOtp(deps: AuthDeps, request: OtpRequest): Promise<string> {
  const now = deps.now()
  const id = randomUUID()
  const code = randomOtp()
  const row = {
    id,
    purpose: request.purpose,
    subject: request.subject,
    email: request.email,
    newEmail: request.newEmail ?? null,
    deviceJkt: request.jkt,
    codeHash: codeHash(deps, id, code),
    expiresAt: new Date(now + OTP_TTL_SECONDS * 1000),
    attempts: 0,
    consumedAt: null,
    createdAt: new Date(now),
  }
  await deps.db
    .insert(otps)
    .values(row)
    .onConflictDoUpdate({
      target: [otps.purpose, otps.subject],
      set: {
        id: row.id,
        email: row.email,
        newEmail: row.newEmail,
        deviceJkt: row.deviceJkt,
        codeHash: row.codeHash,
        expiresAt: row.expiresAt,
        attempts: 0,
        consumedAt: null,
        createdAt: row.createdAt,
      },
    })
  return code
}

/**
 * Checks a code. The attempt is counted before the comparison, in one atomic update that only
 * succeeds while the code is live, unused, this device's and under its limit, so concurrent
 * guesses on several instances never get more than {@link OTP_MAX_ATTEMPTS} tries between them.
 * A right code is used up at once; the limit's last wrong try burns it.
 * @throws AuthError 401: INVALID_CODE (with attempts left), CODE_EXPIRED (none live for this
 * device: expired, used, replaced or never sent) or CODE_LOCKED; 429 RATE_LIMITED when the
 * subject had `wrongCodesPerEmail` wrong codes in the window, whichever codes and clients.
 */
export async function verifyOtp(
  deps: AuthDeps,
  check: { purpose: OtpPurpose; subject: string; code: string; jkt: string },
): Promise<SpentOtp> {
  // Finding 8: wrong codes are counted per subject (the address, or the account of an email
  // update) across codes and client addresses; a new code does not reset that count. Over it,
  // every code of the subject is refused, the right one too, until the window ends.
  const wrongCodes = (hits: number) =>
    hitRateLimit(
      deps.db,
      `auth:wrong-codes:${check.subject}`,
      {
        requests: deps.config.rateLimits.wrongCodesPerEmail.requests,
        windowMs: deps.config.rateLimits.wrongCodesPerEmail.windowSeconds * 1000,
      },
      deps.now(),
      hits,
    )
  const locked = await wrongCodes(0)
  if (locked.count >= deps.config.rateLimits.wrongCodesPerEmail.requests) {
    throw rateLimited(locked.retryAfterSeconds)
  }
  const now = new Date(deps.now())
  const mine = and(
    eq(otps.purpose, check.purpose),
    eq(otps.subject, check.subject),
    eq(otps.deviceJkt, check.jkt),
    isNull(otps.consumedAt),
  )
  const [attempt] = await deps.db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(and(mine, gt(otps.expiresAt, now), lt(otps.attempts, OTP_MAX_ATTEMPTS)))
    .returning()
  if (!attempt) {
    const [row] = await deps.db.select().from(otps).where(mine).limit(1)
    if (row && row.expiresAt > now && row.attempts >= OTP_MAX_ATTEMPTS) throw codeLocked()
    throw codeExpired()
  }
  if (!safeEqual(attempt.codeHash, codeHash(deps, attempt.id, check.code))) {
    await wrongCodes(1)
    throw invalidCode(OTP_MAX_ATTEMPTS - attempt.attempts)
  }
  const [spent] = await deps.db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.id, attempt.id), isNull(otps.consumedAt)))
    .returning({ id: otps.id })
  // Another request used the same code between the two statements.
  if (!spent) throw codeExpired()
  return { email: attempt.email, newEmail: attempt.newEmail }
}

/** Ends any live code of this purpose and subject (an address that is no longer the account's). */
export async function dropOtps(
  deps: AuthDeps,
  purpose: OtpPurpose,
  subject: string,
): Promise<void> {
  await deps.db.delete(otps).where(and(eq(otps.purpose, purpose), eq(otps.subject, subject)))
}
