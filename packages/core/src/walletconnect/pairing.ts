/** SPEC §4/§9: a pairing lasts 4 minutes. */
export const PAIRING_LIFETIME_MS = 4 * 60_000

/** SPEC §4/§9: its link expires about 10 seconds before the pairing does. */
export const PAIRING_LINK_EXPIRY_MARGIN_MS = 10_000

/**
 * How long a pairing URI may be shown before a fresh one replaces it. Scanning a link in its last
 * seconds would leave the wallet holding a pairing that dies before the approval arrives.
 */
export const PAIRING_LINK_TTL_MS = PAIRING_LIFETIME_MS - PAIRING_LINK_EXPIRY_MARGIN_MS

/** When the link of a pairing created at `createdAt` (ms since the epoch) stops being offered. */
export function pairingLinkExpiresAt(createdAt: number): number {
  return createdAt + PAIRING_LINK_TTL_MS
}

/** When the pairing itself ends, in seconds since the epoch (the URI's `expiryTimestamp`). */
export function pairingExpiryTimestamp(createdAt: number): number {
  return Math.floor((createdAt + PAIRING_LIFETIME_MS) / 1000)
}

/**
 * How long a proposal may wait for its URI once the client is loaded. The URI comes back as soon
 * as the relay holds the pairing topic, well under a second on a working connection; sign-client
 * itself would keep retrying the socket for over a minute with nothing on screen. Past this wait
 * the relay is taken to be unreachable and the view offers Try again.
 */
export const PAIRING_RELAY_WAIT_MS = 15_000
