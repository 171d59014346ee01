import { z } from 'zod'
import { isCaipNetworkId } from '../identifiers/caip.js'
import type { CaipNetworkId } from '../identifiers/types.js'

/** Longest wallet name kept; anything longer is not a name but an attempt to flood the list. */
export const WALLET_NAME_MAX_LENGTH = 64
const LINK_MAX_LENGTH = 2048
// Generated icons are about 1 KB; a real logo as a data URI stays well under this.
const IMAGE_URL_MAX_LENGTH = 65_536
const CHAINS_MAX = 256

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
// Control characters, bidi overrides, lone surrogates and markup: a name is shown as plain text,
// and these only serve to spoof another wallet's name or to smuggle HTML into a careless view.
const NAME_FORBIDDEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\uD800-\uDFFF<>]/u
const WALLET_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
const RDNS = /^(?=.{3,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})+$/
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

const caipNetworkId = z.custom<CaipNetworkId>(isCaipNetworkId, 'Invalid CAIP-2 network id')

const walletFields = z.object({
  /** Stable directory id (e.g. a hex string); also the key of `GET /getWalletImage/{id}`. */
  id: z.string().regex(WALLET_ID, 'Invalid wallet id'),
  /** Shown as plain text, never as markup. */
  name: z
    .string()
    .trim()
    .min(1)
    .max(WALLET_NAME_MAX_LENGTH)
    .refine((name) => !NAME_FORBIDDEN.test(name), 'Invalid wallet name'),
  /** EIP-6963 reverse-DNS id (`io.metamask`): how an installed wallet is matched to its entry. */
  rdns: z.string().regex(RDNS, 'Invalid rdns').optional(),
  homepage: z.string().refine(isHttpsUrl, 'Must be an https URL'),
  imageUrl: z.string().refine(isWalletImageUrl, 'Must be an https URL or an SVG data URI'),
  /** Universal link (https) or deep-link root (`metamask://`) of the mobile app. */
  mobileLink: z.string().refine(isSafeWalletLink, 'Invalid wallet link').optional(),
  /** Deep-link root of the desktop app (`ledgerlive://`). */
  desktopLink: z.string().refine(isSafeWalletLink, 'Invalid wallet link').optional(),
  /** The wallet's web app. */
  webappLink: z.string().refine(isHttpsUrl, 'Must be an https URL').optional(),
  /** CAIP-2 ids of the chains the wallet supports. */
  chains: z.array(caipNetworkId).max(CHAINS_MAX).readonly(),
  badge: z.enum(['certified', 'none']).optional(),
})

/**
 * One wallet of the directory (SPEC §7 `GET /getWallets` entries), validated at the boundary:
 * a directory response is untrusted. Unknown fields are dropped, and the result is frozen.
 */
export const directoryWalletSchema = walletFields.readonly()

/**
 * A `GET /getWallets` entry as the service may send it: `imageUrl` may be left out, in which case
 * the client points it at `GET /getWalletImage/{id}`.
 */
export const directoryWalletEntrySchema = walletFields
  .extend({ imageUrl: walletFields.shape.imageUrl.optional() })
  .readonly()

/** A wallet of the directory. See {@link directoryWalletSchema}. */
export type DirectoryWallet = z.output<typeof directoryWalletSchema>

/** The badge filter of SPEC §7 `badge_type`. */
export type WalletBadge = NonNullable<DirectoryWallet['badge']>
