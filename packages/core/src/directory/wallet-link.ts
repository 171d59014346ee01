// The one rule for a link Latch may open for a wallet (an `<a href>` in a wallet list, the
// "open app" links of the QR view, WalletConnect's reopen-the-wallet link). An allowlist: an
// https link, or a link on a native scheme the wallet itself declared (its directory entry's
// mobile or desktop app link, or a WalletConnect peer's own `redirect.native`). Nothing else.

const LINK_MAX_LENGTH = 2048

// Printable ASCII only: browsers drop tabs, newlines and leading spaces from a URL before reading
// its scheme, so `java\tscript:` would otherwise slip past a scheme check.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/
// What a wallet app's own scheme looks like (`metamask`, `imtokenv2`, `com.example.wallet`).
const NATIVE_SCHEME = /^[a-z][a-z0-9+.-]{1,63}$/

/**
 * Schemes a wallet may not declare as its own, because the browser or the operating system
 * handles them itself rather than handing them to an installed wallet app: the web's own
 * (`javascript:`, `data:`, `file:`, `http:`…), Android's `intent:`, Windows' handlers
 * (`ms-msdt:`, `search-ms:`…), Apple's installers (`itms-services:`), mail and telephony, and
 * apps known to install or run code from a link. A directory entry is untrusted, so what it may
 * declare is bounded here; which declared scheme a link may use is the wallet's own allowlist.
 * Whole names first, then families by prefix (`ms-*`, `itms-*`, `chrome-*`…).
 */
const RESERVED_SCHEME =
  /^(?:about|blob|content|data|devtools|file|filesystem|s?ftp|https?|intent|jar|javascript|livescript|mhtml|mk|res|resource|shell|vbscript|view-source|wss?|mailto|tel|sms|smsto|mms|callto|sips?|geo|maps|webcal|ldaps?|smb|nfs|afp|ssh|telnet|gopher|news|nntp|prefs|app-prefs|shortcuts|steam|zoommtg)$|^(?:ms-|search|microsoft|x-|itms|facetime|android|chrome|edge|moz-|safari|opera|web\+|ext\+|vscode)/

function schemeOf(value: string): string | undefined {
  return SCHEME.exec(value)?.[1]?.toLowerCase()
}

/** A URL Latch may read as a link: a string, not too long, printable ASCII only. */
export function isLinkText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LINK_MAX_LENGTH && PRINTABLE_ASCII.test(value)
}

/** An https URL with a host and no credentials (`https://user:pw@…` hides the real host). */
export function isHttpsUrl(value: unknown): value is string {
  if (!isLinkText(value) || schemeOf(value) !== 'https') return false
  try {
    const url = new URL(value)
    return (
      url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
    )
  } catch {
    return false
  }
}

/**
 * The native app scheme a link is on (`metamask` for `metamask://` or `okex://main`), when it is
 * a deep link a wallet may declare: `scheme://…` on a scheme no browser or operating system owns
 * (see RESERVED_SCHEME). Lower-cased, since schemes are case-insensitive.
 */
export function nativeSchemeOf(link: unknown): string | undefined {
  if (!isLinkText(link)) return undefined
  const scheme = schemeOf(link)
  if (scheme === undefined || !NATIVE_SCHEME.test(scheme)) return undefined
  // `scheme://` is what a deep link looks like; `metamask:` alone is not one.
  if (!link.startsWith('//', scheme.length + 1)) return undefined
  return RESERVED_SCHEME.test(scheme) ? undefined : scheme
}

/**
 * A link a wallet may declare for one of its apps (a directory entry's `mobileLink` or
 * `desktopLink`): an https universal link, or a deep-link root on a scheme it may own.
 */
export function isWalletAppLink(value: unknown): value is string {
  return isHttpsUrl(value) || nativeSchemeOf(value) !== undefined
}

/**
 * The native schemes a wallet declared through its app links (`metamask://` declares
 * `metamask`); https links and links it may not declare add none.
 */
export function declaredNativeSchemes(...links: ReadonlyArray<string | undefined>): string[] {
  const schemes = links.map(nativeSchemeOf).filter((scheme) => scheme !== undefined)
  return [...new Set(schemes)]
}

/**
 * Whether Latch may open `value` for a wallet: an https link, or a link on one of the native
 * schemes that wallet declared ({@link declaredNativeSchemes}). `intent:`, `ms-msdt:`,
 * `javascript:`, `data:`, `file:`, `http:` and every scheme the wallet did not declare are
 * refused, whatever their case or the whitespace around them.
 */
export function isSafeWalletLink(
  value: unknown,
  declaredSchemes: readonly string[],
): value is string {
  if (isHttpsUrl(value)) return true
  const scheme = nativeSchemeOf(value)
  return scheme !== undefined && declaredSchemes.includes(scheme)
}
