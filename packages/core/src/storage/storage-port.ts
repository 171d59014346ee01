/**
 * Where Latch keeps its small persistent state: a subset of Web Storage plus `keys()`, so
 * core runs unchanged over `localStorage`, an in-memory map (tests, SSR, blocked storage) or a
 * host-provided store.
 *
 * Any method may throw (a browser can refuse storage at any time); {@link createLatchStorage}
 * is the layer that makes that harmless, so implementations need not catch.
 *
 * @see createMemoryStorage
 * @see detectStorage
 */
export interface StoragePort {
  /** The raw stored text, or `null` when the key is absent. */
  getItem(key: string): string | null
  /** Stores raw text; may throw (quota exceeded, SecurityError). */
  setItem(key: string, value: string): void
  /** Removes a key; removing an absent key is not an error. */
  removeItem(key: string): void
  /** Every key currently stored, including keys that belong to others. */
  keys(): string[]
}
