/**
 * The key-value storage sign-client persists pairings, sessions and keys in (the shape of
 * @walletconnect/keyvaluestorage's IKeyValueStorage).
 */
export interface WcKeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/** sign-client's own stores serialize like this: JSON, with bigints as `123n` strings. */
function serialize(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${item}n` : item,
  )
}

function deserialize(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) =>
    typeof item === 'string' && /^\d+n$/.test(item) ? BigInt(item.slice(0, -1)) : item,
  )
}

/**
 * In-memory storage, one per wallet by default. In Node, sign-client's default storage writes a
 * database file (and needs `unstorage`); in a browser it shares IndexedDB between instances.
 * Values are kept serialized, as sign-client's stores keep them, so nothing aliases stored state.
 */
export class MemoryStorage implements WcKeyValueStorage {
  readonly #items = new Map<string, string>()

  async getKeys(): Promise<string[]> {
    return [...this.#items.keys()]
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.#items.entries()].map(([key, text]) => [key, deserialize(text) as T])
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const text = this.#items.get(key)
    return text === undefined ? undefined : (deserialize(text) as T)
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    const text = serialize(value)
    // JSON has no `undefined`: storing it is removing the key, as with a serializing store.
    if (text === undefined) this.#items.delete(key)
    else this.#items.set(key, text)
  }

  async removeItem(key: string): Promise<void> {
    this.#items.delete(key)
  }
}
