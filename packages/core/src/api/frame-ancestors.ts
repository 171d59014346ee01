// Who may embed the secure frame (issue 17, SPEC §4 "Secure iframe"): the project's allowed
// origins plus SPEC's default ancestors. One matcher for both ends: the server writes these
// patterns into the frame page's `Content-Security-Policy: frame-ancestors`, and the frame
// checks its parent's origin against the very same list before it answers anything.

/**
 * SPEC's default ancestors: local development (any port), and the preview hosts of Cloudflare
 * Pages, Vercel and ngrok (any subdomain). A server may drop them (`secureFrame.defaultAncestors`).
 */
export const DEFAULT_FRAME_ANCESTORS = [
  'http://localhost:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
] as const

// scheme://host[:port], host optionally `*.`-prefixed, port optionally `*`. Nothing else: a
// pattern is also a CSP source, so no space, quote, semicolon or path may slip in.
const PATTERN =
  /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:]+\])(?::(\*|[0-9]{1,5}))?$/

/** Whether `value` is an ancestor pattern (and so a safe CSP source expression). */
export function isFrameAncestorPattern(value: string): boolean {
  return PATTERN.test(value)
}

/**
 * Whether a page on `origin` matches `pattern`: the same scheme; the same host, or for `*.host`
 * any subdomain of it (not the bare host, as in CSP); the same port, any port for `:*`, and the
 * scheme's default when the pattern names none.
 */
export function matchesFrameAncestor(origin: string, pattern: string): boolean {
  const parts = PATTERN.exec(pattern)
  if (!parts) return false
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin) return false
  const [, scheme, wildcard, host, port] = parts
  if (url.protocol !== `${scheme}:`) return false
  const hostMatches = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host
  if (!hostMatches) return false
  if (port === '*') return true
  return (
    url.port === (port === undefined || port === (scheme === 'https' ? '443' : '80') ? '' : port)
  )
}

/** Whether `origin` matches any of `patterns`. */
export function isAllowedFrameAncestor(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesFrameAncestor(origin, pattern))
}
