import type { WalletIcon } from '@wallet-standard/base'

// Static shapes only (no script, no external reference), so the icon is safe wherever an app
// draws it, an <img> or inline: a padlock in Bitcoin orange.
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#111827"/><path d="M34 44v-8a14 14 0 0 1 28 0v8" fill="none" stroke="#f7931a" stroke-width="7" stroke-linecap="round"/><rect x="24" y="44" width="48" height="34" rx="8" fill="#f7931a"/><circle cx="48" cy="59" r="5" fill="#111827"/><rect x="45.5" y="60" width="5" height="10" rx="2.5" fill="#111827"/></svg>'

/** The Wallet Standard and WBIP-004 want a base64 data URI; `btoa` exists in pages and Node. */
export const BITCOIN_DEV_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(ICON_SVG)}`

export const BITCOIN_DEV_WALLET_NAME = 'Latch Bitcoin Dev Wallet'
