const WC_URI = /^wc:[0-9a-f]{64}@2\?[^\s#]*$/
const EXPIRY_PARAM = /([?&]expiryTimestamp=)\d+(?=&|$)/

/** Whether `value` is a WalletConnect v2 pairing URI (`wc:<topic>@2?…`). */
export function isPairingUri(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 2048 && WC_URI.test(value)
}

/** The pairing topic a URI names. */
export function pairingTopicOf(uri: string): string {
  return uri.slice(3, 67)
}

/**
 * The URI with its `expiryTimestamp` set to `expiry` (seconds since the epoch).
 *
 * Why: SPEC §4 says a pairing lasts 4 minutes, but sign-client 2.25 creates every pairing with
 * its fixed 5-minute TTL and offers no option to change it (`connect()` calls
 * `core.pairing.create()` without an expiry). The wallet reads the expiry from the URI and
 * refuses an expired one, so writing the SPEC's lifetime into it makes a QR code scanned late
 * fail in the wallet instead of pairing with a proposal Latch has already abandoned. A URI
 * without the parameter is returned unchanged.
 */
export function withPairingExpiry(uri: string, expiry: number): string {
  return uri.replace(EXPIRY_PARAM, `$1${Math.floor(expiry)}`)
}
