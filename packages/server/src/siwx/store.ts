import { createHash, randomBytes } from 'node:crypto'
import { SIWX_NONCE_TTL_SECONDS, type SiwxMessageData, type SiwxSessionInfo } from '@latch/core/api'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { siwxNonces, siwxSessions } from '../db/schema.js'

// The sign-in's rows (db/tables/siwx.ts). Every decision that two instances could race on is one
// statement: a nonce is spent by `delete … returning`, a session revoked by `update … where
// revoked_at is null returning`.

/** A message waiting for its signature, as stored. */
export type StoredMessage = typeof siwxNonces.$inferSelect
/** A session, as stored. */
export type StoredSession = typeof siwxSessions.$inferSelect

/** The stored session as the wire shows it (never its token hash). */
export function sessionInfo(row: StoredSession): SiwxSessionInfo {
  return {
    id: row.id,
    data: row.data,
    message: row.message,
    signature: row.signature,
    ...(row.cacao ? { cacao: row.cacao } : {}),
  }
}

/** Keeps a message for its nonce, and sweeps the unspent ones past their time to live. */
export async function saveMessage(
  db: Db,
  message: { projectId: string; data: SiwxMessageData; message: string },
  now: number,
): Promise<void> {
  await db.delete(siwxNonces).where(lt(siwxNonces.createdAt, nonceCutoff(now)))
  await db.insert(siwxNonces).values({
    nonce: message.data.nonce,
    projectId: message.projectId,
    chainId: message.data.chainId,
    address: message.data.accountAddress,
    message: message.message,
    data: message.data,
    createdAt: new Date(now),
  })
}

/** The oldest a nonce may be and still be spent. */
const nonceCutoff = (now: number) => new Date(now - SIWX_NONCE_TTL_SECONDS * 1000)

/**
 * Spends the project's nonce, whatever happens next: the one statement that deletes it answers
 * the row to exactly one caller, on any instance. Undefined when there was none, or it was past
 * its time to live (spent all the same).
 */
export async function spendNonce(
  db: Db,
  projectId: string,
  nonce: string,
  now: number,
): Promise<StoredMessage | undefined> {
  const [row] = await db
    .delete(siwxNonces)
    .where(and(eq(siwxNonces.nonce, nonce), eq(siwxNonces.projectId, projectId)))
    .returning()
  if (!row || row.createdAt.getTime() < nonceCutoff(now).getTime()) return undefined
  return row
}

/** SHA-256 of a bearer token: the token has 256 random bits, so no secret or stretch is needed. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** What a new session is made of: the spent message and its signature. */
export interface NewSession {
  message: StoredMessage
  signature: string
  cacao?: Record<string, unknown> | undefined
}

/** Makes a session; its token (shown once, stored only as a hash) is in the answer. */
export async function createSession(
  db: Db,
  session: NewSession,
  now: number,
): Promise<{ token: string; row: StoredSession }> {
  const token = randomBytes(32).toString('base64url')
  const { data } = session.message
  const expiresAt = new Date(data.expirationTime ?? now)
  const [row] = await db
    .insert(siwxSessions)
    .values({
      id: randomBytes(16).toString('base64url'),
      tokenHash: tokenHash(token),
      projectId: session.message.projectId,
      chainId: session.message.chainId,
      address: session.message.address,
      data,
      message: session.message.message,
      signature: session.signature,
      cacao: session.cacao ?? null,
      createdAt: new Date(now),
      expiresAt,
    })
    .returning()
  if (!row) throw new Error('The session was not stored')
  return { token, row }
}

/** Live: of the project, not past its expiry, not signed out. */
const live = (projectId: string, now: number) =>
  and(
    eq(siwxSessions.projectId, projectId),
    gt(siwxSessions.expiresAt, new Date(now)),
    isNull(siwxSessions.revokedAt),
  )

/** The project's live session of a token, if any. */
export async function sessionOfToken(
  db: Db,
  projectId: string,
  token: string,
  now: number,
): Promise<StoredSession | undefined> {
  const [row] = await db
    .select()
    .from(siwxSessions)
    .where(and(eq(siwxSessions.tokenHash, tokenHash(token)), live(projectId, now)))
  return row
}

/** One account of one chain, as the sessions store it. */
export interface SiwxAccount {
  projectId: string
  chainId: string
  address: string
}

/** The account's live sessions, oldest first. */
export async function liveSessions(
  db: Db,
  account: SiwxAccount,
  now: number,
): Promise<StoredSession[]> {
  return db
    .select()
    .from(siwxSessions)
    .where(
      and(
        live(account.projectId, now),
        eq(siwxSessions.chainId, account.chainId),
        eq(siwxSessions.address, account.address),
      ),
    )
    .orderBy(siwxSessions.createdAt, siwxSessions.id)
}

/** The project's session by id, live or not. */
export async function sessionById(
  db: Db,
  projectId: string,
  id: string,
): Promise<StoredSession | undefined> {
  const [row] = await db
    .select()
    .from(siwxSessions)
    .where(and(eq(siwxSessions.id, id), eq(siwxSessions.projectId, projectId)))
  return row
}

/** Ends a session; false when it had already ended. */
export async function revokeSession(
  db: Db,
  projectId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(siwxSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(siwxSessions.id, id), live(projectId, now)))
    .returning({ id: siwxSessions.id })
  return rows.length > 0
}
