import { sql } from 'drizzle-orm'
import type { Db } from '../db/database.js'

/** One limit: so many hits per window. */
export interface RateLimit {
  requests: number
  windowMs: number
}

/** What a hit was told. */
export interface RateLimitVerdict {
  allowed: boolean
  /** Hits counted in this window, this one included. */
  count: number
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number
}

/**
 * Counts `hits` hits (one by default; a JSON-RPC batch counts each of its requests) on `key` in the
 * database's fixed window and says whether they are within the limit.
 * The counter is a row every instance updates atomically (`insert … on conflict … do update`), so
 * N instances on one database enforce one limit, not N. A window's row is swept once it is past.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: RateLimit,
  now: number = Date.now(),
  hits = 1,
): Promise<RateLimitVerdict> {
  const windowStart = now - (now % limit.windowMs)
  const result = await db.execute(sql`
    with swept as (
      delete from rate_limits where key = ${key} and window_start < ${windowStart}
    )
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart}, ${hits})
    on conflict (key, window_start) do update set count = rate_limits.count + ${hits}
    returning count`)
  const count = Number(rowsOf<{ count: number | string }>(result)[0]?.count ?? 0)
  return {
    allowed: count <= limit.requests,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)),
  }
}

/** The rows of `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] }).rows
  return Array.isArray(rows) ? rows : []
}
