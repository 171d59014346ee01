import { hitRateLimit } from '../limits/rate-limit.js'
import type { AuthDeps } from './context.js'
import { rateLimited } from './errors.js'

/** One of `auth.rateLimits`. */
interface Limit {
  requests: number
  windowSeconds: number
}

/**
 * Counts one hit on each key against its limit, all of them (so a refused request still
 * counts), and refuses when any is over it: 429, 'Please try again after N seconds', with the
 * longest wait.
 */
export async function enforceLimits(
  deps: AuthDeps,
  hits: readonly (readonly [key: string, limit: Limit])[],
): Promise<void> {
  const now = deps.now()
  let retryAfter = 0
  for (const [key, limit] of hits) {
    const verdict = await hitRateLimit(
      deps.db,
      `auth:${key}`,
      { requests: limit.requests, windowMs: limit.windowSeconds * 1000 },
      now,
    )
    if (!verdict.allowed) retryAfter = Math.max(retryAfter, verdict.retryAfterSeconds)
  }
  if (retryAfter > 0) throw rateLimited(retryAfter)
}
