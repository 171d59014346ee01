import type { SiwxMessageData } from '@latch/core/api'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

// Sign in with the wallet (issue 30). The server writes every message it accepts and keeps it
// here with its nonce until the first sign-in spends it; a signed message becomes a session,
// found by the hash of its bearer token. Both live in the database, so every instance on it
// honours the same nonces and sessions.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * A message the server wrote and waits to see signed. Spending the nonce deletes its row in one
 * statement (`delete … returning`), so two instances can never both accept it.
 */
export const siwxNonces = pgTable(
  'siwx_nonces',
  {
    nonce: text('nonce').primaryKey(),
    projectId: text('project_id').notNull(),
    /** CAIP-2. */
    chainId: text('chain_id').notNull(),
    /** As written in the message (EIP-55 for eip155). */
    address: text('address').notNull(),
    /** The exact text to be signed. */
    message: text('message').notNull(),
    data: jsonb('data').$type<SiwxMessageData>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  // Unspent nonces are swept by age.
  (table) => [index('siwx_nonces_created_idx').on(table.createdAt)],
)

/** A signed-in session: SPEC §3's data, message and signature, and its bearer token's hash. */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    /** Public: what a revoke names. */
    id: text('id').primaryKey(),
    /** SHA-256 of the bearer token (base64url); the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    projectId: text('project_id').notNull(),
    chainId: text('chain_id').notNull(),
    /** As written in the message (EIP-55 for eip155), so one account has one spelling. */
    address: text('address').notNull(),
    data: jsonb('data').$type<SiwxMessageData>().notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    cacao: jsonb('cacao').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
    /** The message's expirationTime. */
    expiresAt: at('expires_at').notNull(),
    /** Set by a sign-out or a revoke; the row is kept so the session reads as ended. */
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('siwx_sessions_token_idx').on(table.tokenHash),
    index('siwx_sessions_account_idx').on(table.projectId, table.chainId, table.address),
  ],
)
