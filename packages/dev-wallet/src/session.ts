import type { SessionStorageLike } from './types.js'

/** The storage key under which the wallet remembers the site's connection. */
export const SESSION_KEY = 'latch-dev-wallet:session'

/** What survives a reload: whether the site is connected, and on which chain. */
export interface SessionRecord {
  connected: boolean
  chainId?: number
}

/** Reads and writes the session record; storage faults degrade to memory-only, never throw. */
export interface SessionStore {
  read(): SessionRecord
  write(record: SessionRecord): void
}

export function createSessionStore(storage: SessionStorageLike | undefined): SessionStore {
  let memory: SessionRecord = { connected: false }
  return {
    read() {
      if (!storage) return memory
      try {
        const raw = storage.getItem(SESSION_KEY)
        if (raw === null) return { connected: false }
        const parsed = JSON.parse(raw) as Partial<SessionRecord>
        return {
          connected: parsed.connected === true,
          ...(typeof parsed.chainId === 'number' ? { chainId: parsed.chainId } : {}),
        }
      } catch {
        // Storage that throws or holds junk: fall back to what this page itself wrote.
        return memory
      }
    },
    write(record) {
      memory = record
      if (!storage) return
      try {
        storage.setItem(SESSION_KEY, JSON.stringify(record))
      } catch {
        // Quota or privacy mode: the session then lasts as long as the page.
      }
    },
  }
}
