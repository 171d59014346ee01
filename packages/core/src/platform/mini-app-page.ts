// The page as a mini app's social login uses it (issue 29, SPEC §2). Inside a mini app (Telegram's
// webview) a popup does not open, so the login leaves the whole page for the provider and comes
// back with `result_uri`. Everything is read when asked, never at import.

/** The host page, as the social login's mini-app path reads and moves it. */
export interface MiniAppPage {
  /** Whether the page runs inside a mini app: asked at each login. */
  isMiniApp(): boolean
  /** The page's URL now. */
  href(): string
  /** Leaves the page for `url` (the provider), as following a link would. */
  leave(url: string): void
  /** Puts `url` in the address bar without loading it, replacing the entry (no new history). */
  replaceUrl(url: string): void
}

/**
 * Whether `page` is a Telegram mini app: Telegram's web-app script (`window.Telegram`) or its
 * webview's bridge (`TelegramWebviewProxy`), as AppKit checks.
 */
export function isTelegramMiniApp(page: object | undefined = globalThis.window): boolean {
  return (
    page !== undefined && page !== null && ('Telegram' in page || 'TelegramWebviewProxy' in page)
  )
}

/** The browser's page; on a server it is no mini app and has no URL to move. */
export const browserMiniAppPage: MiniAppPage = {
  isMiniApp: () => isTelegramMiniApp(),
  href: () => globalThis.location?.href ?? '',
  leave: (url) => globalThis.location?.assign(url),
  replaceUrl: (url) => globalThis.history?.replaceState(globalThis.history.state, '', url),
}
