import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { cache } from '../db/schema.js'

/** SPEC §9 cache lifetimes the server keeps (the portfolio, and identities). */
export const PORTFOLIO_CACHE_MS = 30_000
export const IDENTITY_CACHE_MS = 5 * 60_000

/**
 * The shared cache (the `cache` table): every instance reads what another stored, so a value is
 * fetched once per lifetime for the whole fleet. `read` returns only a live entry.
 */
export async function readCache<T>(
  db: Db,
  key: string,
  now: number,
  parse: (value: unknown) => T | undefined,
): Promise<T | undefined> {
  const [row] = await db
    .select({ value: cache.value })
    .from(cache)
    .where(and(eq(cache.key, key), gt(cache.expiresAt, new Date(now))))
    .limit(1)
  return row ? parse(row.value) : undefined
}

/** Stores `value` under `key` for `ttlMs`, replacing what was there. */
export async function writeCache(
  db: Db,
  key: string,
  value: unknown,
  now: number,
  ttlMs: number,
): Promise<void> {
  const expiresAt = new Date(now + ttlMs)
  await db
    .insert(cache)
    .values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: cache.key, set: { value: sql`excluded.value`, expiresAt } })
}
