import { isSafeWalletLink } from '../directory/wallet.js'

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

/** A link that opens a directory wallet's own app on a pairing URI. */
export interface WalletAppLink {
  kind: 'mobile' | 'desktop'
  href: string
}

/**
 * The links that open a directory wallet's apps on the pairing `uri`: its mobile app and its
 * desktop app, the one for this device first, each formatted by {@link walletDeepLink} (links
 * that are not safe to open are left out).
 */
export function walletAppLinks(
  wallet: { mobileLink?: string; desktopLink?: string },
  uri: string,
  isMobile: boolean,
): WalletAppLink[] {
  const candidates: Array<{ kind: WalletAppLink['kind']; href: string | undefined }> = [
    { kind: 'mobile', href: walletDeepLink(wallet.mobileLink, uri) },
    { kind: 'desktop', href: walletDeepLink(wallet.desktopLink, uri) },
  ]
  const ordered = isMobile ? candidates : candidates.reverse()
  return ordered.flatMap(({ kind, href }) => (href ? [{ kind, href }] : []))
}
