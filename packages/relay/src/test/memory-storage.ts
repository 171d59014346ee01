/**
 * An in-memory IKeyValueStorage for @walletconnect/core, so test clients never touch the disk
 * (core's default storage in Node is unstorage, which writes files for a non-:memory: database).
 */
export class MemoryStorage {
  private readonly entries = new Map<string, unknown>()

  async getKeys(): Promise<string[]> {
    return [...this.entries.keys()]
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.entries.entries()].map(([key, value]) => [key, structuredClone(value) as T])
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const value = this.entries.get(key)
    return value === undefined ? undefined : (structuredClone(value) as T)
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    // Clone like a real store serialises, so callers cannot mutate what was saved.
    this.entries.set(key, structuredClone(value))
  }

  async removeItem(key: string): Promise<void> {
    this.entries.delete(key)
  }
}
