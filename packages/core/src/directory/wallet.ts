// What a view may do with a directory wallet's links and images: the checks every wallet list
// applies. The schemas of a service's entries are in wallet-schema.ts.

/** Longest wallet name kept; anything longer is not a name but an attempt to flood the list. */
export const WALLET_NAME_MAX_LENGTH = 64
const LINK_MAX_LENGTH = 2048
// Generated icons are about 1 KB; a real logo as a data URI stays well under this.
const IMAGE_URL_MAX_LENGTH = 65_536

// Printable ASCII only: browsers drop tabs, newlines and leading spaces from a URL before reading
// its scheme, so `java\tscript:` would otherwise slip past a scheme check.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/
/**
 * Schemes that run code, read local data or leave the secure web; never a wallet's deep link.
 * `http` is here too: a universal link is https.
 */
const BLOCKED_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'view-source',
  'jar',
  'http',
  'ws',
  'wss',
  'ftp',
])
const SVG_DATA_URI = /^data:image\/svg\+xml(?:;charset=utf-8)?(?:;base64)?,/i

function schemeOf(value: string): string | undefined {
  return SCHEME.exec(value)?.[1]?.toLowerCase()
}

/** An https URL with a host and no credentials (`https://user:pw@…` hides the real host). */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > LINK_MAX_LENGTH) return false
  if (!PRINTABLE_ASCII.test(value) || schemeOf(value) !== 'https') return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === ''
  } catch {
    return false
  }
}

/**
 * A wallet link a view may open: an https universal link, or a deep-link root such as
 * `metamask://` or `okex://main`. Never `javascript:`, `data:` or any other scheme that runs
 * code in the page or reads local data, whatever its case or the whitespace around it.
 */
export function isSafeWalletLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > LINK_MAX_LENGTH) return false
  if (!PRINTABLE_ASCII.test(value)) return false
  const scheme = schemeOf(value)
  if (scheme === undefined) return false
  if (scheme === 'https') return isHttpsUrl(value)
  // `scheme://` is what a deep link looks like; the blocked list catches `javascript://%0a…`.
  return !BLOCKED_SCHEMES.has(scheme) && value.startsWith('//', scheme.length + 1)
}

/** A wallet image: an https URL, or an SVG data URI (an `<img>` never runs an SVG's scripts). */
export function isWalletImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > IMAGE_URL_MAX_LENGTH) return false
  if (SVG_DATA_URI.test(value)) return PRINTABLE_ASCII.test(value)
  return isHttpsUrl(value)
}

export type { DirectoryWallet, WalletBadge } from './wallet-schema.js'
