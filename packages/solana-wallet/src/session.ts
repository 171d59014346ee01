import type { SessionStorageLike } from './types.js'

/** Where the authorization is kept in `storage` (a real wallet keeps it per site). */
export const SESSION_KEY = 'latch-solana-dev-wallet:session'

/** What survives a reload: that the site is authorized, and with which account selected. */
export interface Session {
  readonly authorized: boolean
  readonly selected?: string
}

export function readSession(storage: SessionStorageLike | undefined): Session {
  const raw = storage?.getItem(SESSION_KEY)
  if (!raw) return { authorized: false }
  try {
    const parsed = JSON.parse(raw) as Partial<Session>
    return {
      authorized: parsed.authorized === true,
      ...(typeof parsed.selected === 'string' && { selected: parsed.selected }),
    }
  } catch {
    // A corrupt entry means no authorization: the site simply asks again.
    return { authorized: false }
  }
}

export function writeSession(storage: SessionStorageLike | undefined, session: Session): void {
  if (!storage) return
  if (session.authorized) storage.setItem(SESSION_KEY, JSON.stringify(session))
  else storage.removeItem(SESSION_KEY)
}
