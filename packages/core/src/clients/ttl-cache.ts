// SPEC §9's cache lifetimes (portfolio 30 s, native balance 30 s, identity 5 min), per instance:
// each client makes its own caches, so two instances on one page never share an answer.

/** A cache whose entries expire `ttlMs` after they were stored. Only answers are stored, never failures. */
export interface TtlCache<T> {
  /** The entry of `key` while it is fresh, else `undefined`. */
  get(key: string): T | undefined
  set(key: string, value: T): void
  delete(key: string): void
}

/**
 * @param ttlMs how long an entry is fresh.
 * @param now the clock (ms since the epoch); `Date.now` by default, a test's own clock otherwise.
 */
export function createTtlCache<T>(ttlMs: number, now: () => number = Date.now): TtlCache<T> {
  const entries = new Map<string, { value: T; at: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (now() - entry.at < ttlMs) return entry.value
      entries.delete(key)
      return undefined
    },
    set(key, value) {
      // Expired entries go as new ones come, so the map never outgrows what is fresh.
      for (const [k, entry] of entries) if (now() - entry.at >= ttlMs) entries.delete(k)
      entries.set(key, { value, at: now() })
    },
    delete: (key) => void entries.delete(key),
  }
}
