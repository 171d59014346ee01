import * as z from 'zod/mini'

/** Longest wallet name kept, in code points, once control characters are removed. */
export const MAX_WALLET_NAME_LENGTH = 64
/** Longest rdns accepted: the DNS limit for a full name. */
export const MAX_RDNS_LENGTH = 253
/** Largest `data:` icon accepted, in characters (512 KiB). Real wallet icons are a few KiB. */
export const MAX_DATA_ICON_LENGTH = 512 * 1024
/** Longest `https:` icon URL accepted. */
export const MAX_HTTPS_ICON_LENGTH = 2048

// Anything longer is hostile: refusing it before any other work keeps a 1 MB name cheap.
const MAX_RAW_NAME_LENGTH = 1024

// Controls (C0/C1), bidi embeddings/overrides/isolates and marks, zero-width space and BOM. An RTL
// override would let "Wallet\u202Eksam" render as "Walletmask", so a name could pass for another
// wallet's. ZWJ/ZWNJ stay: scripts and emoji need them.
const INVISIBLE = /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu
// Turned into spaces before the controls go, so that "Two\nLines" does not become "TwoLines".
const LINE_BREAKS = /[\t\n\r\u2028\u2029]+/g

/**
 * A wallet-supplied name as plain text: invisible and direction-changing characters removed,
 * line breaks and runs of spaces folded to one space, then trimmed. It is never HTML-decoded or
 * parsed: `<img src=x onerror=alert(1)>` stays those 25 characters.
 */
export function cleanWalletName(raw: string): string {
  return raw.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
}

/**
 * EIP-6963 `info.name`. A name longer than {@link MAX_WALLET_NAME_LENGTH} is rejected rather
 * than truncated: a cut name can be made to read as another wallet's ("MetaMask  …"), and no real
 * wallet needs more.
 */
export const walletNameSchema = z
  .pipe(
    z.string().check(z.maxLength(MAX_RAW_NAME_LENGTH, { abort: true })),
    z.transform(cleanWalletName),
  )
  .check(
    z.refine((name) => {
      const length = [...name].length
      return length >= 1 && length <= MAX_WALLET_NAME_LENGTH
    }, 'Wallet name must be 1 to 64 visible characters'),
  )

const RDNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * EIP-6963 `info.rdns`, lower-cased (DNS is case-insensitive, so `IO.MetaMask` and `io.metamask`
 * are one wallet and dedupe as one). Checked label by label so that no regex ever backtracks
 * over a long hostile string.
 */
export const rdnsSchema = z
  .pipe(
    z.string().check(z.maxLength(MAX_RDNS_LENGTH, { abort: true })),
    z.transform((rdns: string) => rdns.toLowerCase()),
  )
  .check(
    z.refine((rdns) => {
      const labels = rdns.split('.')
      return labels.length >= 2 && labels.every((label) => RDNS_LABEL.test(label))
    }, 'rdns must be a reverse-DNS name such as io.metamask'),
  )

// Only raster types and SVG. In an <img>, SVG scripts never run, so svg+xml is as safe as PNG.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)(?:;[\w.+-]+(?:=[\w.+-]+)?)*,/i

/**
 * The icon as an image URL the views can use as an `<img>` source, or `undefined` when it is not
 * one: only `data:image/(png|jpeg|gif|webp|svg+xml)` up to 512 KiB, or an `https:` URL without
 * credentials. `javascript:`, `data:text/html`, `http:`, relative URLs and the rest are dropped.
 */
export function safeIconUrl(icon: unknown): string | undefined {
  if (typeof icon !== 'string') return undefined
  if (DATA_IMAGE.test(icon)) return icon.length <= MAX_DATA_ICON_LENGTH ? icon : undefined
  if (icon.length > MAX_HTTPS_ICON_LENGTH || !/^https:\/\//i.test(icon)) return undefined
  try {
    const url = new URL(icon)
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined
    return url.href
  } catch {
    return undefined
  }
}

/**
 * EIP-6963 `info`, validated at the boundary. A wrong uuid, name or rdns rejects the whole
 * announcement (there is nothing sane to show); a bad icon only drops the icon, because the icon
 * is decoration and the wallet is still usable. Unknown keys, `__proto__` included, are dropped.
 */
export const walletInfoSchema = z.object({
  uuid: z.guid(),
  name: walletNameSchema,
  rdns: rdnsSchema,
  icon: z.pipe(z.unknown(), z.transform(safeIconUrl)),
})

export type WalletInfo = z.output<typeof walletInfoSchema>
