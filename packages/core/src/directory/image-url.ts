// The one rule for a wallet-supplied image (directory entries, EIP-6963 icons, WalletConnect peer
// icons, stored recent wallets): what may become an `<img src>`. Every view that shows a wallet's
// icon goes through it (see walletIconUrl in icon.ts for the fallback).
import { isLoopbackHost } from '../identifiers/loopback.js'
import { isHttpsUrl, isLinkText } from './wallet-link.js'

/** Largest `data:` image accepted, in characters (512 KiB). Real wallet icons are a few KiB. */
export const MAX_DATA_IMAGE_LENGTH = 512 * 1024

// Raster types and SVG, with optional `;name=value` parameters and `;base64`. SVG is as safe as
// PNG here: an `<img>` never runs an SVG's scripts nor loads what it links to. The parameter
// grammar is strict, so `data:image/png;x=<script>,…` does not pass.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)(?:;[\w.+-]+(?:=[\w.+-]+)?)*,/i

/**
 * `url` when it may be used as an `<img src>`, else `undefined`: an inline
 * `data:image/(png|jpeg|gif|webp|avif|svg+xml)` up to {@link MAX_DATA_IMAGE_LENGTH}, or an https
 * URL with a host and no credentials (returned normalised), or an http one on a loopback host
 * (a local Latch server's `/getWalletImage`, which passed the same rule as `serverUrl`).
 * `javascript:`, `data:text/html`, other `http:`, `blob:`, relative URLs and anything that is not
 * a string are dropped.
 */
export function safeImageUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined
  if (DATA_IMAGE.test(url)) return url.length <= MAX_DATA_IMAGE_LENGTH ? url : undefined
  if (isHttpsUrl(url)) return new URL(url).href
  return isLoopbackHttpUrl(url) ? new URL(url).href : undefined
}

function isLoopbackHttpUrl(value: string): boolean {
  if (!isLinkText(value) || !URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'http:' && isLoopbackHost(url.hostname) && !url.username && !url.password
}

/** Whether {@link safeImageUrl} keeps `url`: for schemas that check rather than transform. */
export function isSafeImageUrl(url: unknown): url is string {
  return safeImageUrl(url) !== undefined
}
