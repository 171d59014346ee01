import { isSafeWalletLink } from '@latch/core'

/**
 * The link that opens a wallet's app on the pairing `uri`, formatted as AppKit does so wallets
 * read it the same way: a native root (`metamask://`) gets `wc?uri=` appended
 * (`metamask://wc?uri=…`); a root with a path (`okex://main`) or a universal link
 * (`https://metamask.app.link`) gets a slash first (`okex://main/wc?uri=…`,
 * `https://metamask.app.link/wc?uri=…`). The URI is percent-encoded, so it stays one query
 * value. Undefined when the link (or the result) is not one a view may open: only https and
 * `scheme://` deep links ever reach an `<a href>`.
 */
export function walletDeepLink(link: string | undefined, uri: string): string | undefined {
  if (!uri || !isSafeWalletLink(link)) return undefined
  const root = link.endsWith('/') ? link : `${link}/`
  const href = `${root}wc?uri=${encodeURIComponent(uri)}`
  return isSafeWalletLink(href) ? href : undefined
}
