import { describe, expect, it } from 'vitest'
import {
  PAIRING_LIFETIME_MS,
  PAIRING_LINK_EXPIRY_MARGIN_MS,
  pairingExpiryTimestamp,
  pairingLinkExpiresAt,
} from './pairing.js'

describe('pairing lifetime (SPEC §9)', () => {
  it('lasts 4 minutes, and its link expires 10 s before the end', () => {
    expect(PAIRING_LIFETIME_MS).toBe(240_000)
    expect(PAIRING_LINK_EXPIRY_MARGIN_MS).toBe(10_000)
    const created = Date.UTC(2026, 10, 21, 12, 0, 0)
    expect(pairingLinkExpiresAt(created) - created).toBe(230_000)
    expect(pairingExpiryTimestamp(created)).toBe(created / 1000 + 240)
  })
})
