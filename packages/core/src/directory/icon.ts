import { safeImageUrl } from './image-url.js'

const ICON_SIZE = 96
const NAME_IN_TITLE_MAX = 64
const WORD_SEPARATOR = /[\s_-]+/u
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
const UPPERCASE = /\p{Lu}/u
// Characters XML forbids, and lone surrogates, which `encodeURIComponent` cannot encode.
const NOT_XML_TEXT = /[\p{Cc}\uD800-\uDFFF\uFFFE\uFFFF]/gu

/** FNV-1a over UTF-16 code units: tiny, deterministic, and well spread for short ids. */
function hash32(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

function toHex(channel: number): string {
  return Math.round(channel * 255)
    .toString(16)
    .padStart(2, '0')
}

/** HSL (hue in degrees, saturation and lightness 0 to 1) as `#rrggbb` (the CSS Color 4 formula). */
function hslToHex(hue: number, saturation: number, lightness: number): string {
  const amplitude = saturation * Math.min(lightness, 1 - lightness)
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    return lightness - amplitude * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return `#${toHex(channel(0))}${toHex(channel(8))}${toHex(channel(4))}`
}

/**
 * Up to two initials: the first letter of the first two words (`Trust Wallet` → `TW`), or of a
 * camel-cased single word (`MetaMask` → `MM`). Only letters and digits are ever kept.
 */
export function walletInitials(name: string): string {
  const words = name
    .split(WORD_SEPARATOR)
    .map((word) => Array.from(word).filter((char) => LETTER_OR_DIGIT.test(char)))
    .filter((chars) => chars.length > 0)
  const [first, second] = words
  if (first === undefined) return '?'
  if (second !== undefined) return `${first[0]}${second[0]}`.toUpperCase()
  const inner = first.slice(1).find((char) => UPPERCASE.test(char))
  return `${first[0]}${inner ?? ''}`.toUpperCase()
}

/** Escapes text for an XML text node or attribute value, dropping what XML cannot hold. */
function escapeXml(text: string): string {
  return text.replace(NOT_XML_TEXT, '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * A wallet's generated icon: its initials on a colour derived from a hash of its id, as an
 * `data:image/svg+xml` URI. Deterministic (same name and id, same bytes), so it caches well and
 * no brand asset is shipped. The name is escaped before it enters the SVG and the whole document
 * is percent-encoded, so no name can add markup to it.
 */
export function generateWalletIcon(name: string, id: string): string {
  const hue = hash32(id) % 360
  const background = hslToHex(hue, 0.55, 0.34)
  const label = escapeXml(walletInitials(name))
  const title = escapeXml(Array.from(name.trim()).slice(0, NAME_IN_TITLE_MAX).join(''))
  const half = ICON_SIZE / 2
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" ` +
    `viewBox="0 0 ${ICON_SIZE} ${ICON_SIZE}"><title>${title}</title>` +
    `<rect width="${ICON_SIZE}" height="${ICON_SIZE}" rx="24" fill="${background}"/>` +
    `<text x="${half}" y="${half}" dy=".35em" text-anchor="middle" ` +
    `font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="38" ` +
    `font-weight="600" fill="#ffffff">${label}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/**
 * What a view puts in a wallet's `<img src>`: the wallet's own image when {@link safeImageUrl}
 * keeps it, else its generated icon. Every view that renders a wallet icon uses this, so an
 * unsafe or missing icon never reaches the page and never leaves a hole.
 */
export function walletIconUrl(wallet: {
  id: string
  name: string
  imageUrl?: string | undefined
}): string {
  return safeImageUrl(wallet.imageUrl) ?? generateWalletIcon(wallet.name, wallet.id)
}
