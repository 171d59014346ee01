import * as z from 'zod/mini'
import { BITCOIN_NETWORK_NAMES, type BitcoinNetworkName } from './networks.js'
import type { AddressPurpose } from './keys.js'
import type { SessionStorageLike } from './types.js'

/** Where the authorization is kept in `storage` (a real wallet keeps it per site). */
export const SESSION_KEY = 'latch-bitcoin-dev-wallet:session'

/**
 * What survives a reload, for both faces at once: that the site is authorized, for which
 * purposes, and the account and network the wallet's user chose.
 */
export interface Session {
  readonly authorized: boolean
  readonly purposes: readonly AddressPurpose[]
  readonly selected?: number
  readonly network?: BitcoinNetworkName
}

const BOTH: readonly AddressPurpose[] = ['payment', 'ordinals']

const storedSchema = z.object({
  authorized: z.boolean(),
  purposes: z.optional(z.array(z.enum(['payment', 'ordinals'])).check(z.minLength(1))),
  selected: z.optional(z.int().check(z.nonnegative())),
  network: z.optional(
    z.enum(BITCOIN_NETWORK_NAMES as [BitcoinNetworkName, ...BitcoinNetworkName[]]),
  ),
})

export function readSession(storage: SessionStorageLike | undefined): Session {
  const raw = storage?.getItem(SESSION_KEY)
  if (!raw) return { authorized: false, purposes: BOTH }
  try {
    const parsed = storedSchema.parse(JSON.parse(raw))
    return { ...parsed, purposes: parsed.purposes ?? BOTH }
  } catch {
    // A corrupt entry means no authorization: the site simply asks again.
    return { authorized: false, purposes: BOTH }
  }
}

export function writeSession(storage: SessionStorageLike | undefined, session: Session): void {
  if (!storage) return
  if (session.authorized) storage.setItem(SESSION_KEY, JSON.stringify(session))
  else storage.removeItem(SESSION_KEY)
}
