// What a view may do with a directory wallet's links and images: the checks every wallet list
// applies. The schemas of a service's entries are in wallet-schema.ts.

/** Longest wallet name kept; anything longer is not a name but an attempt to flood the list. */
export const WALLET_NAME_MAX_LENGTH = 64

// Control characters, bidi overrides, lone surrogates and markup: a name is shown as plain text,
// and these only serve to spoof another wallet's name or to smuggle HTML into a careless view.
const NAME_FORBIDDEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\uD800-\uDFFF<>]/gu
// Without the g flag, so test() keeps no position between calls.
const NAME_FORBIDDEN_ANY = new RegExp(NAME_FORBIDDEN.source, 'u')

/** Whether a wallet name holds characters a name may not (the directory refuses such names). */
export function hasForbiddenNameCharacters(name: string): boolean {
  return NAME_FORBIDDEN_ANY.test(name)
}

/** A wallet name from a peer as plain text: forbidden characters removed, at most the limit. */
export function toWalletNameText(name: string): string {
  return name.replace(NAME_FORBIDDEN, '').trim().slice(0, WALLET_NAME_MAX_LENGTH).trim()
}

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
