// Who may embed the secure frame (issue 17, SPEC §4 "Secure iframe"): the project's own allowed
// origins, plus SPEC's default ancestors on a server in development mode only. One rule for both
// ends: the server writes these patterns into the frame page's `Content-Security-Policy:
// frame-ancestors`, and the frame checks its parent's origin against the very same list before it
// answers anything.
//
// Why not the defaults everywhere (security review, finding 3): anyone can deploy a page on
// `*.vercel.app`, `*.pages.dev` or `*.ngrok-free.app`, so for a production project they would let
// a phishing clone run its real login, recovery and approvals.

/** How the Latch server runs: `development` adds the development ancestors; `production` never. */
export const SERVER_MODES = ['development', 'production'] as const

/** How the Latch server runs (see {@link SERVER_MODES}). */
export type ServerMode = (typeof SERVER_MODES)[number]

/**
 * SPEC's default ancestors, for a server in development mode only: local development (any port),
 * and the preview hosts of Cloudflare Pages, Vercel and ngrok (any subdomain). A server's
 * configuration may name others (`secureFrame.developmentAncestors`).
 */
export const DEVELOPMENT_FRAME_ANCESTORS = [
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
 * Whether `value` is one exact origin: a pattern without a wildcard, as a browser writes an
 * origin (no default port, lower case). A URL's host may hold `*`, `;` or `,`; an origin given
 * here never does, so it is safe as a CSP source too.
 */
export function isExactOrigin(value: string): boolean {
  const parts = PATTERN.exec(value)
  if (!parts || parts[2] !== undefined || parts[4] === '*') return false
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

/**
 * Whether a page on `origin` matches `pattern`: `origin` is an exact origin; the same scheme; the
 * same host, or for `*.host` any subdomain of it (not the bare host, as in CSP); the same port,
 * any port for `:*`, and the scheme's default when the pattern names none.
 */
export function matchesFrameAncestor(origin: string, pattern: string): boolean {
  const parts = PATTERN.exec(pattern)
  if (!parts || !isExactOrigin(origin)) return false
  const url = new URL(origin)
  const [, scheme, wildcard, host, port] = parts
  if (url.protocol !== `${scheme}:`) return false
  const hostMatches = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host
  if (!hostMatches) return false
  if (port === '*') return true
  return (
    url.port === (port === undefined || port === (scheme === 'https' ? '443' : '80') ? '' : port)
  )
}

/** Whether `origin` matches any of `patterns`: the frame's check of its parent. */
export function isAllowedFrameAncestor(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesFrameAncestor(origin, pattern))
}

/**
 * Who may embed the frame for one project: its allowed origins that are patterns and, in
 * development mode only, `development` ({@link DEVELOPMENT_FRAME_ANCESTORS} unless given).
 * Without a duplicate, the project's first.
 */
export function projectFrameAncestors(
  allowedOrigins: readonly string[],
  mode: ServerMode,
  development: readonly string[] = DEVELOPMENT_FRAME_ANCESTORS,
): string[] {
  const own = allowedOrigins.filter(isFrameAncestorPattern)
  return [...new Set(mode === 'development' ? [...own, ...development] : own)]
}

/**
 * The parent origin a host claims (the frame URL's `parentOrigin`), when it may be written into
 * the frame's CSP: an exact origin that `ancestors` already allow, so a claim can never widen
 * who may embed the frame. Anything else (a wildcard, another origin, an injection): undefined.
 */
export function claimedFrameAncestor(
  claimed: string | undefined,
  ancestors: readonly string[],
): string | undefined {
  return claimed !== undefined && isAllowedFrameAncestor(claimed, ancestors) ? claimed : undefined
}
