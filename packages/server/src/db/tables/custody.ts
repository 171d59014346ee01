import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { authSessions, devices, users } from './auth.js'

// Key custody of the embedded wallet (issue 17, docs/security.md). The server holds two of the
// three Shamir shares of each wallet's key, in two tables that are never joined in SQL:
// `custody_wallets` (share 2, bound to the user) and `custody_vault` (share 3, sealed under a key
// derived from LATCH_CUSTODY_KEY). The vault table may live in another database
// (`custody.vaultDatabaseUrl`): it has no foreign key, so it can.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** One wallet per user: its address and the server share (share 2). */
export const custodyWallets = pgTable(
  'custody_wallets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower case. */
    address: text('address').notNull(),
    /** Share 2, base64url. Useless alone: any one share of a 2-of-3 split says nothing of the key. */
    serverShare: text('server_share').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('custody_wallets_user_idx').on(table.userId),
    uniqueIndex('custody_wallets_address_idx').on(table.address),
  ],
)

/**
 * Share 3, sealed: AES-256-GCM under a key derived from LATCH_CUSTODY_KEY, with the wallet id,
 * user id and address as associated data (a row moved to another wallet does not open).
 */
export const custodyVault = pgTable('custody_vault', {
  walletId: uuid('wallet_id').primaryKey(),
  /** base64url of the 12-byte nonce. */
  iv: text('iv').notNull(),
  /** base64url of the ciphertext and its 16-byte tag. */
  sealed: text('sealed').notNull(),
  /** Which custody key sealed it (a fingerprint, not the key): a wrong key is named, not guessed. */
  keyId: text('key_id').notNull(),
  createdAt: at('created_at').notNull(),
})

/**
 * Every release of share 2 or 3 to a device (each comes in its own call): who recovered the key,
 * when, from which login.
 */
export const custodyReleases = pgTable(
  'custody_releases',
  {
    id: uuid('id').primaryKey(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => custodyWallets.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** `server` (share 2) or `vault` (share 3); `both` for a release from before the split. */
    share: text('share').notNull().default('both'),
    releasedAt: at('released_at').notNull(),
  },
  (table) => [
    index('custody_releases_wallet_idx').on(table.walletId),
    check('custody_releases_share', sql`${table.share} in ('server', 'vault', 'both')`),
  ],
)
