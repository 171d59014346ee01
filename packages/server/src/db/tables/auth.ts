import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

// Email login (issue 17). Every secret is stored as an HMAC under a key derived from the server's
// secret (never in clear), and every time is written from the server's clock, not the
// database's, so one injected clock drives expiry in tests.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * An account: one per address (lower case). Key custody hangs off `id`, not the email. A social
 * login whose provider gave no verified email makes an account without one (null).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    check('users_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
)

/**
 * A browser's key for an account: the frame's non-extractable P-256 key, by its RFC 7638
 * thumbprint. Pending until approved (from the emailed link, or by the first login's code).
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jkt: text('jkt').notNull(),
    jwk: jsonb('jwk').notNull(),
    approvedAt: at('approved_at'),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (table) => [uniqueIndex('devices_user_jkt_idx').on(table.userId, table.jkt)],
)

/** The emailed approval of a pending device: one live link per device. */
export const deviceApprovals = pgTable(
  'device_approvals',
  {
    tokenHash: text('token_hash').primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
    /** The app, browser and client address that asked (finding 9): the page names them. */
    requestApp: text('request_app'),
    requestBrowser: text('request_browser'),
    requestIp: text('request_ip'),
  },
  (table) => [index('device_approvals_device_idx').on(table.deviceId)],
)

/**
 * A session: one login of one device for one project, the family of its refresh tokens. Ending
 * it (sign-out, a reused refresh token) ends every token of the family at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** Why it ended: `sign-out` or `refresh-reuse`. */
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('auth_sessions_user_device_idx').on(table.userId, table.deviceId)],
)

/** Refresh tokens, each usable once; a used one presented again ends its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
)

/**
 * One-time codes: at most one live code per purpose and subject (the address for a login, the
 * user for an email update), so a new code replaces the old. Bound to the device that asked.
 */
export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey(),
    /** `login`, `update_primary` or `update_secondary`. */
    purpose: text('purpose').notNull(),
    /** The address (login) or the user id (email update). */
    subject: text('subject').notNull(),
    /** Where the code was sent. */
    email: text('email').notNull(),
    /** The email update's new address. */
    newEmail: text('new_email'),
    deviceJkt: text('device_jkt').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('otps_purpose_subject_idx').on(table.purpose, table.subject),
    check('otps_purpose', sql`${table.purpose} in ('login', 'update_primary', 'update_secondary')`),
  ],
)

/** Device proofs' ids seen recently: a proof is accepted once. Swept once past their window. */
export const proofJtis = pgTable(
  'proof_jtis',
  {
    jkt: text('jkt').notNull(),
    jti: text('jti').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.jkt, table.jti] }),
    index('proof_jtis_expires_idx').on(table.expiresAt),
  ],
)
