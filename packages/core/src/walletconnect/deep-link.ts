import { declaredNativeSchemes, isSafeWalletLink } from '../directory/wallet-link.js'

/**
 * The link that opens a wallet's app on the pairing `uri`, formatted as AppKit does so wallets
 * read it the same way: a native root (`metamask://`) gets `wc?uri=` appended
 * (`metamask://wc?uri=…`); a root with a path (`okex://main`) or a universal link
 * (`https://metamask.app.link`) gets a slash first (`okex://main/wc?uri=…`,
 * `https://metamask.app.link/wc?uri=…`). The URI is percent-encoded, so it stays one query
 * value. Undefined when the link (or the result) is not one a view may open (core's allowlist,
 * isSafeWalletLink): https, or a deep link on one of the `declaredSchemes` of the wallet.
 */
export function walletDeepLink(
  link: string | undefined,
  uri: string,
  declaredSchemes: readonly string[],
): string | undefined {
  if (!uri || !isSafeWalletLink(link, declaredSchemes)) return undefined
  const root = link.endsWith('/') ? link : `${link}/`
  const href = `${root}wc?uri=${encodeURIComponent(uri)}`
  return isSafeWalletLink(href, declaredSchemes) ? href : undefined
}

/** A link that opens a directory wallet's own app on a pairing URI. */
export interface WalletAppLink {
  kind: 'mobile' | 'desktop'
  href: string
}

/**
 * The links that open a directory wallet's apps on the pairing `uri`: its mobile app and its
 * desktop app, the one for this device first, each formatted by {@link walletDeepLink}. Links
 * that are not safe to open are left out: a deep link only on a native scheme the entry itself
 * declared, and never on one a browser or the system handles (`intent:`, `ms-msdt:`…).
 */
export function walletAppLinks(
  wallet: { mobileLink?: string; desktopLink?: string },
  uri: string,
  isMobile: boolean,
): WalletAppLink[] {
  const declared = declaredNativeSchemes(wallet.mobileLink, wallet.desktopLink)
  const candidates: Array<{ kind: WalletAppLink['kind']; href: string | undefined }> = [
    { kind: 'mobile', href: walletDeepLink(wallet.mobileLink, uri, declared) },
    { kind: 'desktop', href: walletDeepLink(wallet.desktopLink, uri, declared) },
  ]
  const ordered = isMobile ? candidates : candidates.reverse()
  return ordered.flatMap(({ kind, href }) => (href ? [{ kind, href }] : []))
}
