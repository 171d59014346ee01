import {
  declaredNativeSchemes,
  isHttpsUrl,
  isSafeWalletLink,
  isWalletAppLink,
  type WalletConnectPeer,
} from '@latch/core'

/**
 * The link that reopens the wallet on a phone: its native deep link, else its universal link.
 * Each must pass core's allowlist (isSafeWalletLink): https, or the native scheme the wallet
 * declared in its own metadata, never one a browser or the system handles (`intent:`,
 * `ms-msdt:`…). The peer was already filtered; this checks again since the link is about to open.
 */
export function walletLink(peer: WalletConnectPeer | undefined): string | undefined {
  const { native, universal } = peer?.redirect ?? {}
  const declared = declaredNativeSchemes(native)
  if (isSafeWalletLink(native, declared)) return native
  if (isSafeWalletLink(universal, declared)) return universal
  return undefined
}

interface BrowserWindow {
  open(url: string, target: string, features: string): unknown
  location: { assign(url: string): void }
}

/**
 * The default way to open a wallet link in a browser. A custom-scheme deep link is handed to the
 * phone by navigating to it (the page stays where it is, since the OS takes the scheme); an https
 * universal link opens in a new context, so the dapp is not navigated away when the wallet app is
 * missing. `noopener,noreferrer`: the wallet's page gets no handle on the dapp nor its URL. It is
 * only given links {@link walletLink} chose; as a last guard it opens nothing a wallet could not
 * declare (core's isWalletAppLink).
 */
export function openWalletLink(url: string): void {
  const browser = (globalThis as { window?: BrowserWindow }).window
  if (!browser || !isWalletAppLink(url)) return
  if (isHttpsUrl(url)) browser.open(url, '_blank', 'noopener,noreferrer')
  else browser.location.assign(url)
}
