/** What a phone or tablet browser says about itself (AppKit's list, and iPadOS's desktop UA). */
const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i

/**
 * Whether this page runs on a phone or tablet: a coarse pointer (a finger) or a mobile user
 * agent. SPEC §2 rule 2 sends phones to AllWallets, not the QR code they could not scan with
 * themselves. Read when asked, never at import, so it is safe on a server (false there).
 */
export function isMobileDevice(
  page: { matchMedia?: (query: string) => { matches: boolean }; userAgent?: string } = browser(),
): boolean {
  if (page.matchMedia?.('(pointer: coarse)').matches) return true
  return MOBILE_USER_AGENT.test(page.userAgent ?? '')
}

function browser() {
  if (typeof window === 'undefined') return {}
  return {
    ...(typeof window.matchMedia === 'function'
      ? { matchMedia: (query: string) => window.matchMedia(query) }
      : {}),
    ...(typeof navigator === 'undefined' ? {} : { userAgent: navigator.userAgent }),
  }
}
