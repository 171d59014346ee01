import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
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

// Account data (issue 11): what the indexer stores, and the names `/v1/identity` reads. Addresses
// are stored lower case; amounts are exact integers in the token's smallest unit (numeric(78),
// which holds any uint256). Every row of the chain carries its block number, so a reorg rolls
// back with one delete per table, and every row has a unique key, so a block stored twice fails.

const amount = (name: string) => numeric(name, { precision: 78, scale: 0 })
const blockNumber = (name = 'block_number') => bigint(name, { mode: 'number' })

/** Names by address (the names issue fills it): `/v1/identity` answers from it. */
export const names = pgTable(
  'names',
  {
    name: text('name').primaryKey(),
    /** Lower case. */
    address: text('address').notNull(),
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('names_address_idx').on(table.address, table.createdAt),
    check('names_address_lower', sql`${table.address} = lower(${table.address})`),
  ],
)

/**
 * How far the indexer got on a chain: the last block stored and its hash. It moves in the same
 * transaction as the rows of the blocks it covers, and only from the hash it was read with, so a
 * step is stored whole or not at all, and only once.
 */
export const indexerCursors = pgTable('indexer_cursors', {
  chainId: text('chain_id').primaryKey(),
  blockNumber: blockNumber().notNull(),
  blockHash: text('block_hash').notNull(),
})

/** Which instance indexes a chain: the lease's holder, until `expiresAt` (ms) unless renewed. */
export const indexerLeases = pgTable('indexer_leases', {
  chainId: text('chain_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
})

/** The indexed blocks' hashes (the last few hundred): where a reorg forked is found here. */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    chainId: text('chain_id').notNull(),
    number: blockNumber('number').notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
)

/** A transaction with a transfer, or sent by an account the indexer tracks. */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: text('chain_id').notNull(),
    blockNumber: blockNumber().notNull(),
    txIndex: integer('tx_index').notNull(),
    hash: text('hash').notNull(),
    from: text('from_address').notNull(),
    /** Null for a contract creation. */
    to: text('to_address'),
    /** The created contract, for a creation. */
    contractAddress: text('contract_address'),
    value: amount('value').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    /** `confirmed` or `failed` (the receipt's status). */
    status: text('status').notNull(),
    /** The block's timestamp, in seconds. */
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.blockNumber, table.txIndex] }),
    uniqueIndex('chain_transactions_hash_idx').on(table.chainId, table.hash),
  ],
)

/**
 * One movement of value: the native transfer of a transaction (`log_index` -1), an ERC-20 or
 * ERC-721 `Transfer` log, or one entry of an ERC-1155 `TransferSingle`/`TransferBatch`.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    chainId: text('chain_id').notNull(),
    blockNumber: blockNumber().notNull(),
    txIndex: integer('tx_index').notNull(),
    logIndex: integer('log_index').notNull(),
    /** The entry of a `TransferBatch`; 0 otherwise. */
    batchIndex: integer('batch_index').notNull(),
    /** `native`, `erc20`, `erc721` or `erc1155`. */
    kind: text('kind').notNull(),
    /** The token contract; null for native. */
    token: text('token'),
    /** The NFT's id (decimal), for ERC-721 and ERC-1155. */
    tokenId: amount('token_id'),
    from: text('from_address').notNull(),
    to: text('to_address').notNull(),
    amount: amount('amount').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.chainId, table.blockNumber, table.txIndex, table.logIndex, table.batchIndex],
    }),
    check('chain_transfers_kind', sql`${table.kind} in ('native', 'erc20', 'erc721', 'erc1155')`),
  ],
)

/**
 * The history's index: one row per account and transaction it took part in, in the order pages
 * are read (newest first, across chains by block time).
 */
export const accountTransactions = pgTable(
  'account_transactions',
  {
    account: text('account').notNull(),
    chainId: text('chain_id').notNull(),
    blockNumber: blockNumber().notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.account, table.chainId, table.blockNumber, table.txIndex] }),
    index('account_transactions_page_idx').on(
      table.account,
      table.minedAt,
      table.chainId,
      table.blockNumber,
      table.txIndex,
    ),
    index('account_transactions_block_idx').on(table.chainId, table.blockNumber),
  ],
)

/** The tokens an account has moved: the balance route reads these besides the configured ones. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    chainId: text('chain_id').notNull(),
    account: text('account').notNull(),
    token: text('token').notNull(),
    /** `erc20`, `erc721` or `erc1155`. */
    kind: text('kind').notNull(),
    /** The block it was first seen in: a rollback below it forgets it. */
    firstBlock: blockNumber('first_block').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.account, table.token] })],
)

/** A token contract's metadata, read once from the chain. */
export const tokenMetadata = pgTable(
  'token_metadata',
  {
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    kind: text('kind').notNull(),
    name: text('name'),
    symbol: text('symbol'),
    decimals: integer('decimals'),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
)

/** An NFT's metadata: its URI (`tokenURI`/`uri`) and what a `data:` URI holds. */
export const nftMetadata = pgTable(
  'nft_metadata',
  {
    chainId: text('chain_id').notNull(),
    contract: text('contract').notNull(),
    tokenId: amount('token_id').notNull(),
    uri: text('uri'),
    name: text('name'),
    image: text('image'),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.contract, table.tokenId] })],
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
  names,
  indexerCursors,
  indexerLeases,
  indexedBlocks,
  chainTransactions,
  chainTransfers,
  accountTransactions,
  accountTokens,
  tokenMetadata,
  nftMetadata,
}
