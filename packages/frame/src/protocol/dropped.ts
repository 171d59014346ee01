/**
 * Why a message was dropped. Both ends count them instead of throwing, so a hostile or broken
 * sender can never raise an error in the page, and tests and diagnostics can see what happened.
 * - `origin`: `event.origin` is not the other end's exact origin;
 * - `source`: `event.source` is not the other end's window;
 * - `invalid`: the envelope or its payload failed its schema;
 * - `unknown-id`: a reply to no request in flight (late, forged, or already settled);
 * - `unexpected`: well-formed but out of turn (a second port, a nonce that does not match, a
 *   message before the handshake, a request id already in flight).
 */
export type DropReason = 'origin' | 'source' | 'invalid' | 'unknown-id' | 'unexpected'

/** How many messages were dropped, by reason. */
export type DropCounts = Readonly<Record<DropReason, number>>

/** A mutable tally behind a read-only snapshot. */
export interface DropCounter {
  drop(reason: DropReason): void
  snapshot(): DropCounts
}

/** A counter at zero for every reason. */
export function createDropCounter(): DropCounter {
  const counts: Record<DropReason, number> = {
    origin: 0,
    source: 0,
    invalid: 0,
    'unknown-id': 0,
    unexpected: 0,
  }
  return {
    drop(reason) {
      counts[reason] += 1
    },
    snapshot: () => ({ ...counts }),
  }
}
