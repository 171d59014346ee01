import { IncomingMessage, type ServerResponse } from 'node:http'

/** What oidc-provider itself reads of a form body at most (56 KiB); ours stay below it. */
export const MAX_FORM_BYTES = 56 * 1024

/** Answers JSON, never cached: every answer here carries a user's data or a token's verdict. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  })
  res.end(JSON.stringify(body))
}

/**
 * Answers a page of ours. It loads nothing (no script, no external asset); its CSP only forbids
 * framing, so that a test's injected checker (axe-core) still runs on it.
 */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  })
  res.end(html)
}

/** Whether the request carries a form (`application/x-www-form-urlencoded`). */
export function isForm(req: IncomingMessage): boolean {
  return (
    (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ===
    'application/x-www-form-urlencoded'
  )
}

/**
 * A copy of a request whose body was read already, carrying `body` instead: what oidc-provider
 * (Koa) reads as the request once token-request.ts swapped Apple's secret. The body is pushed whole and
 * ended, so the copy never reads from the socket it shares with the original.
 */
export function withBody(req: IncomingMessage, body: string): IncomingMessage {
  const copy = new IncomingMessage(req.socket)
  copy.method = req.method
  copy.url = req.url
  copy.httpVersion = req.httpVersion
  copy.httpVersionMajor = req.httpVersionMajor
  copy.httpVersionMinor = req.httpVersionMinor
  // Read in full: without this, the copy counts as aborted once read, and Node destroys the
  // socket it shares with the original (and the response still to be written on it).
  copy.complete = true
  copy.headers = { ...req.headers, 'content-length': String(Buffer.byteLength(body)) }
  copy.push(Buffer.from(body))
  copy.push(null)
  return copy
}
