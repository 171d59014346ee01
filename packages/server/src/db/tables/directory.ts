import {
  customType,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

// The directory, the event log, rate limits and the shared cache.

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
