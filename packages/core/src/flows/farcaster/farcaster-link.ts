import { isSafeWalletLink } from '../../directory/wallet-link.js'

/** The Farcaster app's own scheme, which a sign-in link may use instead of https. */
export const FARCASTER_SCHEME = 'farcaster'

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

function isLoopbackHttp(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname)
  } catch {
    return false
  }
}

/**
 * The sign-in link a view may open (its "open" link): an https URL or a `farcaster:` deep link
 * (core's wallet-link allowlist, the scheme declared here), or http on the loopback host (a
 * local page standing in for the phone, as the Latch server's config allows it). Undefined for
 * anything else (`javascript:`, `intent:`, a plain http host): the QR code and Copy still work.
 */
export function farcasterOpenLink(url: string | undefined): string | undefined {
  if (url === undefined) return undefined
  if (isSafeWalletLink(url, [FARCASTER_SCHEME])) return url.trim()
  return isLoopbackHttp(url) ? url : undefined
}
