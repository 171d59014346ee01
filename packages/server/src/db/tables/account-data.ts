import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// Account data (issue 11): what the indexer stores, and the names `/v1/identity` reads. Addresses
// are stored lower case; amounts are exact integers in the token's smallest unit (numeric(78),
// which holds any uint256). Every row of the chain carries its block number, so a reorg rolls
// back with one delete per table, and every row has a unique key, so a block stored twice fails.

const amount = (name: string) => numeric(name, { precision: 78, scale: 0 })
const blockNumber = (name = 'block_number') => bigint(name, { mode: 'number' })

/** The namespaces a name's address may be in (SPEC §7 profile: coin types 60, 501 and 0). */
export const NAME_NAMESPACES = ['eip155', 'solana', 'bip122'] as const

/**
 * Names by address: `/v1/identity` and the name service (`/v1/profile/*`) answer from it. A name
 * is stored normalised (lower case), so a case-insensitive lookup is a primary-key read.
 */
export const names = pgTable(
  'names',
  {
    name: text('name').primaryKey(),
    /**
     * As its namespace writes it: lower case for EVM (what `/v1/identity` matches) and segwit,
     * exact for base58 (Solana, Bitcoin legacy), where case is part of the address.
     */
    address: text('address').notNull(),
    /**
     * Which chains the address is for. The form alone cannot tell: a 32-34 character base58
     * string may be a Solana key or a Bitcoin legacy address.
     */
    namespace: text('namespace', { enum: NAME_NAMESPACES }).notNull().default('eip155'),
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('names_address_idx').on(table.address, table.createdAt),
    check(
      'names_address_lower',
      sql`${table.namespace} <> 'eip155' or ${table.address} = lower(${table.address})`,
    ),
    check('names_name_lower', sql`${table.name} = lower(${table.name})`),
    check('names_namespace', sql`${table.namespace} in ('eip155', 'solana', 'bip122')`),
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
    // The NFTs an account holds are its NFT transfers in, net of those out (`/nfts`): these two
    // find them by account without reading the fungible transfers, which are most of the table.
    index('chain_transfers_nft_to_idx')
      .on(table.to, table.chainId, table.token, table.tokenId)
      .where(sql`kind in ('erc721', 'erc1155')`),
    index('chain_transfers_nft_from_idx')
      .on(table.from, table.chainId, table.token, table.tokenId)
      .where(sql`kind in ('erc721', 'erc1155')`),
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
    /** The metadata's `description` (the NFT detail view shows it). */
    description: text('description'),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.contract, table.tokenId] })],
)
