import type { StoragePort } from './storage-port.js'

/**
 * A {@link StoragePort} over a private `Map`: each call makes an independent store, so two
 * Latch instances (or two tests) never see each other's data.
 *
 * @param initial - entries to start with (own enumerable properties only).
 */
export function createMemoryStorage(initial?: Record<string, string>): StoragePort {
  const entries = new Map<string, string>(initial ? Object.entries(initial) : [])
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      // Web Storage stores text; coerce so a port swap never changes what is read back.
      entries.set(key, String(value))
    },
    removeItem: (key) => {
      entries.delete(key)
    },
    keys: () => [...entries.keys()],
  }
}
