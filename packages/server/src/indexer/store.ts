import { and, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm'
import { zeroAddress } from 'viem'
import type { Db } from '../db/database.js'
import { rowsOf } from '../limits/rate-limit.js'
import {
  accountTokens,
  accountTransactions,
  chainTransactions,
  chainTransfers,
  indexedBlocks,
  indexerCursors,
  indexerLeases,
  nftMetadata,
  tokenMetadata,
} from '../db/schema.js'
import type { ContractMetadata, NftMetadata } from './metadata.js'
import type { StepData } from './read-step.js'

/** Block hashes kept for finding a fork: a reorg deeper than this is not followed. */
export const REORG_WINDOW_BLOCKS = 256
/** Rows per insert statement (PostgreSQL allows 65535 parameters in one). */
const INSERT_CHUNK = 1_000

/** The last block a chain was indexed to. */
export interface Cursor {
  blockNumber: number
  blockHash: string
}

/** Another instance took the lease, or moved the cursor: this step is not stored. */
export class LostLeaseError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LostLeaseError'
  }
}

export async function loadCursor(db: Db, chainId: string): Promise<Cursor | undefined> {
  const [row] = await db
    .select({ blockNumber: indexerCursors.blockNumber, blockHash: indexerCursors.blockHash })
    .from(indexerCursors)
    .where(eq(indexerCursors.chainId, chainId))
  return row
}

/**
 * Takes or renews the chain's lease for `holder` until `now + ttlMs`: it succeeds when the
 * lease is free, expired, or already this holder's. One row per chain, one atomic statement,
 * so of several instances on one database exactly one holds it at a time.
 */
export async function acquireLease(
  db: Db,
  chainId: string,
  holder: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(indexerLeases)
    .values({ chainId, holder, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: indexerLeases.chainId,
      set: { holder, expiresAt: now + ttlMs },
      setWhere: sql`${indexerLeases.holder} = ${holder} or ${indexerLeases.expiresAt} < ${now}`,
    })
    .returning({ holder: indexerLeases.holder })
  return rows.length === 1
}

/** Gives the lease up (on stop), so another instance takes over at once. */
export async function releaseLease(db: Db, chainId: string, holder: string): Promise<void> {
  await db
    .delete(indexerLeases)
    .where(and(eq(indexerLeases.chainId, chainId), eq(indexerLeases.holder, holder)))
}

/** The fencing check inside a write: the lease row, locked, must still be this holder's. */
async function checkLease(tx: Db, chainId: string, holder: string, now: number): Promise<void> {
  const rows = await tx.execute(
    sql`select holder, expires_at from indexer_leases where chain_id = ${chainId} for update`,
  )
  const [row] = rowsOf<{ holder: string; expires_at: string | number }>(rows)
  if (!row || row.holder !== holder || Number(row.expires_at) < now) {
    throw new LostLeaseError(`The indexer lease of ${chainId} is not held`)
  }
}

/** Moves the cursor from `expected` to `next`, or fails if it is not at `expected` any more. */
async function moveCursor(
  tx: Db,
  chainId: string,
  expected: Cursor | undefined,
  next: Cursor | undefined,
): Promise<void> {
  const at = expected
    ? and(
        eq(indexerCursors.chainId, chainId),
        eq(indexerCursors.blockNumber, expected.blockNumber),
        eq(indexerCursors.blockHash, expected.blockHash),
      )
    : eq(indexerCursors.chainId, chainId)
  let moved: number
  if (!expected && next) {
    const rows = await tx
      .insert(indexerCursors)
      .values({ chainId, ...next })
      .onConflictDoNothing()
      .returning({ chainId: indexerCursors.chainId })
    moved = rows.length
  } else if (next) {
    const rows = await tx
      .update(indexerCursors)
      .set(next)
      .where(at)
      .returning({ chainId: indexerCursors.chainId })
    moved = rows.length
  } else {
    const rows = await tx
      .delete(indexerCursors)
      .where(at)
      .returning({ chainId: indexerCursors.chainId })
    moved = rows.length
  }
  if (moved !== 1) throw new LostLeaseError(`The cursor of ${chainId} moved under this indexer`)
}

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK))
}

/** What a step stores besides the chain's rows: metadata read for new tokens and NFTs. */
export interface StepMetadata {
  contracts: Map<string, ContractMetadata & { kind: string }>
  nfts: Map<string, NftMetadata & { contract: string; tokenId: string }>
}

/**
 * Stores one step in one transaction: the blocks, transactions, transfers, the history index
 * and the accounts' tokens, and moves the cursor from `expected` to the step's last block. The
 * lease is checked and the cursor compared inside the transaction, so a step is stored whole,
 * once, by the lease's holder; a duplicate row would fail its unique key.
 */
export async function storeStep(
  db: Db,
  chainId: string,
  holder: string,
  now: number,
  expected: Cursor | undefined,
  step: StepData,
  metadata: StepMetadata,
): Promise<void> {
  const last = step.blocks[step.blocks.length - 1]!
  const minedAt = new Map(step.blocks.map((b) => [b.number, b.timestamp]))
  const txKeys = new Set(step.transactions.map((t) => `${t.blockNumber}/${t.txIndex}`))
  // A transfer is stored with its transaction (a log's transaction always is: it has a transfer).
  const transfers = step.transfers.filter((t) => txKeys.has(`${t.blockNumber}/${t.txIndex}`))
  const participants = new Map<string, { account: string; blockNumber: number; txIndex: number }>()
  const addParticipant = (account: string, blockNumber: number, txIndex: number) => {
    if (account === zeroAddress) return
    participants.set(`${account}/${blockNumber}/${txIndex}`, { account, blockNumber, txIndex })
  }
  for (const t of step.transactions) addParticipant(t.from, t.blockNumber, t.txIndex)
  for (const t of transfers) {
    addParticipant(t.from, t.blockNumber, t.txIndex)
    addParticipant(t.to, t.blockNumber, t.txIndex)
  }
  const tokens = new Map<string, typeof accountTokens.$inferInsert>()
  for (const t of transfers) {
    if (!t.token) continue
    for (const account of [t.from, t.to]) {
      if (account === zeroAddress) continue
      const key = `${account}/${t.token}`
      if (!tokens.has(key)) {
        tokens.set(key, {
          chainId,
          account,
          token: t.token,
          kind: t.kind,
          firstBlock: t.blockNumber,
        })
      }
    }
  }

  await db.transaction(async (tx) => {
    await checkLease(tx, chainId, holder, now)
    await moveCursor(tx, chainId, expected, { blockNumber: last.number, blockHash: last.hash })
    await insertChunked(step.blocks, (chunk) =>
      tx
        .insert(indexedBlocks)
        .values(
          chunk.map((b) => ({ chainId, number: b.number, hash: b.hash, parentHash: b.parentHash })),
        ),
    )
    await insertChunked(step.transactions, (chunk) =>
      tx.insert(chainTransactions).values(chunk.map((t) => ({ chainId, ...t }))),
    )
    await insertChunked(transfers, (chunk) =>
      tx.insert(chainTransfers).values(chunk.map((t) => ({ chainId, ...t }))),
    )
    await insertChunked([...participants.values()], (chunk) =>
      tx
        .insert(accountTransactions)
        .values(chunk.map((p) => ({ chainId, ...p, minedAt: minedAt.get(p.blockNumber)! }))),
    )
    await insertChunked([...tokens.values()], (chunk) =>
      tx.insert(accountTokens).values(chunk).onConflictDoNothing(),
    )
    await insertChunked([...metadata.contracts], (chunk) =>
      tx
        .insert(tokenMetadata)
        .values(
          chunk.map(([address, m]) => ({
            chainId,
            address,
            kind: m.kind,
            name: m.name ?? null,
            symbol: m.symbol ?? null,
            decimals: m.decimals ?? null,
          })),
        )
        .onConflictDoNothing(),
    )
    await insertChunked([...metadata.nfts.values()], (chunk) =>
      tx
        .insert(nftMetadata)
        .values(
          chunk.map((m) => ({
            chainId,
            contract: m.contract,
            tokenId: m.tokenId,
            uri: m.uri ?? null,
            name: m.name ?? null,
            image: m.image ?? null,
            description: m.description ?? null,
          })),
        )
        .onConflictDoNothing(),
    )
    await tx
      .delete(indexedBlocks)
      .where(
        and(
          eq(indexedBlocks.chainId, chainId),
          lt(indexedBlocks.number, last.number - REORG_WINDOW_BLOCKS),
        ),
      )
  })
}

/** The stored hashes of blocks at or below `top`, newest first, within the reorg window. */
export async function storedBlocks(
  db: Db,
  chainId: string,
  top: number,
): Promise<{ number: number; hash: string }[]> {
  return db
    .select({ number: indexedBlocks.number, hash: indexedBlocks.hash })
    .from(indexedBlocks)
    .where(and(eq(indexedBlocks.chainId, chainId), lte(indexedBlocks.number, top)))
    .orderBy(desc(indexedBlocks.number))
    .limit(REORG_WINDOW_BLOCKS)
}

/**
 * Rolls the chain's rows back to `fork` (the last block both the database and the chain agree
 * on; undefined: to nothing) and moves the cursor there, in one transaction, under the lease.
 */
export async function rollBack(
  db: Db,
  chainId: string,
  holder: string,
  now: number,
  expected: Cursor,
  fork: Cursor | undefined,
): Promise<void> {
  const above = fork?.blockNumber ?? -1
  await db.transaction(async (tx) => {
    await checkLease(tx, chainId, holder, now)
    await moveCursor(tx, chainId, expected, fork)
    await tx
      .delete(chainTransfers)
      .where(and(eq(chainTransfers.chainId, chainId), gt(chainTransfers.blockNumber, above)))
    await tx
      .delete(chainTransactions)
      .where(and(eq(chainTransactions.chainId, chainId), gt(chainTransactions.blockNumber, above)))
    await tx
      .delete(accountTransactions)
      .where(
        and(eq(accountTransactions.chainId, chainId), gt(accountTransactions.blockNumber, above)),
      )
    await tx
      .delete(accountTokens)
      .where(and(eq(accountTokens.chainId, chainId), gt(accountTokens.firstBlock, above)))
    await tx
      .delete(indexedBlocks)
      .where(and(eq(indexedBlocks.chainId, chainId), gt(indexedBlocks.number, above)))
  })
}

/** Of `addresses`, those with history on the chain already. */
export async function trackedAmong(
  db: Db,
  chainId: string,
  addresses: readonly string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ account: accountTransactions.account })
    .from(accountTransactions)
    .where(
      and(
        inArray(accountTransactions.account, [...addresses]),
        eq(accountTransactions.chainId, chainId),
      ),
    )
  return new Set(rows.map((row) => row.account))
}

/** Of these contracts and NFTs, the ones whose metadata is stored already. */
export async function knownMetadata(
  db: Db,
  chainId: string,
  contracts: readonly string[],
  nfts: readonly { contract: string; tokenId: string }[],
): Promise<{ contracts: Set<string>; nfts: Set<string> }> {
  const [contractRows, nftRows] = await Promise.all([
    contracts.length === 0
      ? []
      : db
          .select({ address: tokenMetadata.address })
          .from(tokenMetadata)
          .where(
            and(eq(tokenMetadata.chainId, chainId), inArray(tokenMetadata.address, [...contracts])),
          ),
    nfts.length === 0
      ? []
      : db
          .select({ contract: nftMetadata.contract, tokenId: nftMetadata.tokenId })
          .from(nftMetadata)
          .where(
            and(
              eq(nftMetadata.chainId, chainId),
              inArray(nftMetadata.contract, [...new Set(nfts.map((n) => n.contract))]),
            ),
          ),
  ])
  return {
    contracts: new Set(contractRows.map((r) => r.address)),
    nfts: new Set(nftRows.map((r) => `${r.contract}/${r.tokenId}`)),
  }
}
