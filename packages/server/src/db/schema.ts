import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
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

// The server's one schema. Every change is a new migration (`pnpm --filter @latch/server
// db:generate`), applied at start-up under a lock, so instances on one database agree on it.

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/** The wallet directory (SPEC §7 GET /getWallets), in the seed's order. */
export const wallets = pgTable(
  'wallets',
  {
    id: text('id').primaryKey(),
    /** The directory's own order: pages never shift between calls. */
    position: integer('position').notNull(),
    /** The entry as core's `directoryWalletEntrySchema` reads it (imageUrl left out). */
    entry: jsonb('entry').notNull(),
  },
  (table) => [index('wallets_position_idx').on(table.position)],
)

/**
 * The directory's version: one row, bumped by every seed in the same transaction as the entries.
 * An instance may keep the entries it read while the version it reads is unchanged: every
 * instance then agrees on the directory, with one tiny query per request instead of all rows.
 */
export const directoryVersion = pgTable('directory_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
})

/** Images served by the provider routes (SPEC §7 getWalletImage and the public image routes). */
export const images = pgTable(
  'images',
  {
    /** `wallet`, `asset`, `currency` or `token`. */
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
)

/** SPEC §7 POST /e: analytics events and error reports, as received. */
export const events = pgTable(
  'events',
  {
    eventId: uuid('event_id').primaryKey(),
    projectId: text('project_id').notNull(),
    /** Who sent it: the client's address as the server saw it. */
    clientId: text('client_id').notNull(),
    type: text('type').notNull(),
    event: text('event').notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    properties: jsonb('properties'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_project_idx').on(table.projectId, table.receivedAt)],
)

/**
 * Fixed-window counters shared by every instance: a limit holds across the fleet, not per
 * process. Old windows are swept as new ones open.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
)

/** Values instances must agree on (later: balances, identities), with their expiry. */
export const cache = pgTable('cache', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

// Email login (issue 17). Every secret is stored as an HMAC under a key derived from the server's
// secret (never in clear), and every time is written from the server's clock, not the
// database's, so one injected clock drives expiry in tests.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** An account: one per address (lower case). Key custody will hang off `id`, not the email. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
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

export const schema = {
  wallets,
  directoryVersion,
  images,
  events,
  rateLimits,
  cache,
  users,
  devices,
  deviceApprovals,
  authSessions,
  refreshTokens,
  otps,
  proofJtis,
}
