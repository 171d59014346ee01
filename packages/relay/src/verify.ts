/**
 * An offline stand-in for the WalletConnect Verify API, served by the relay's HTTP server.
 *
 * core 2.25's `Verify` (context "verify-api") does, against `verifyUrlV3` (`<origin>/v3`):
 *  - register(): loads `${verifyUrlV3}/attestation?projectId&origin&id&decryptedId` in a hidden
 *    iframe and waits up to 5 s for a window message, a JSON string
 *    `{type: 'verify_attestation', attestation: <JWT>}` whose decoded payload.id equals `id`;
 *  - resolve(): verifies that ES256 JWT with verifyP256Jwt (raw r||s signature over
 *    sha256(header.payload)) against the JWK from `${verifyUrlV3}/public-key`
 *    (`{publicKey: {crv, ext, key_ops, kty, x, y}, expiresAt: <seconds>}`) and reads
 *    {origin, isScam, isVerified, exp (seconds)} from the payload;
 *  - the v2 fallback fetches `${verifyUrl}/attestation/<hash>?v2Supported=true` → {origin, isScam}.
 * JWT expiry uses the wall clock because the clients compare it with theirs.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'

/** Lifetime of an attestation JWT. */
const ATTESTATION_TTL_SECONDS = 60 * 60
/** How long clients may cache the public key; the key lives as long as the relay process. */
const PUBLIC_KEY_TTL_SECONDS = 7 * 24 * 60 * 60
/** Attestations remembered for the v2 lookup (bounded, oldest forgotten first). */
const MAX_REMEMBERED = 1000

export interface P256Jwk {
  crv: 'P-256'
  ext: true
  key_ops: ['verify']
  kty: 'EC'
  x: string
  y: string
}

export interface AttestationPayload {
  id: string
  origin: string
  isScam: false
  isVerified: true
  exp: number
}

/** An http(s) origin exactly as `location.origin` prints it (no path, no trailing slash). */
const originSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
    } catch {
      return false
    }
  }, 'origin must be an exact http(s) origin')

/** core sends sha256 hashes in hex; accept any short hex/base64url-ish id, nothing else. */
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'id must be 1-128 url-safe characters')

const attestationQuery = z.object({
  projectId: z.string().max(128).optional(),
  origin: originSchema,
  id: idSchema,
  decryptedId: idSchema.optional(),
})

export class VerifyService {
  readonly publicJwk: P256Jwk
  private readonly privateKey: KeyObject
  private readonly publicKeyExpiresAt: number
  /** id or decryptedId → origin, for GET /attestation/:id. */
  private readonly remembered = new Map<string, string>()

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const jwk = publicKey.export({ format: 'jwk' })
    if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
      throw new Error('@latch/relay: could not export the verify public key')
    }
    this.privateKey = privateKey
    this.publicJwk = { crv: 'P-256', ext: true, key_ops: ['verify'], kty: 'EC', x: jwk.x, y: jwk.y }
    this.publicKeyExpiresAt = Math.floor(Date.now() / 1000) + PUBLIC_KEY_TTL_SECONDS
  }

  /** ES256 compact JWT with a raw (IEEE P1363) signature, as verifyP256Jwt expects. */
  signAttestation(id: string, origin: string): string {
    const payload: AttestationPayload = {
      id,
      origin,
      isScam: false,
      isVerified: true,
      exp: Math.floor(Date.now() / 1000) + ATTESTATION_TTL_SECONDS,
    }
    const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))
    const body = base64url(JSON.stringify(payload))
    const signature = sign('sha256', Buffer.from(`${header}.${body}`), {
      key: this.privateKey,
      dsaEncoding: 'ieee-p1363',
    })
    return `${header}.${body}.${signature.toString('base64url')}`
  }

  /** Serves the verify routes; returns false when the path is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://relay.invalid')
    const path = url.pathname
    const isRoute =
      path === '/v3/attestation' || path === '/v3/public-key' || path.startsWith('/attestation/')
    if (!isRoute) return false
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' })
      return true
    }
    if (path === '/v3/public-key') {
      sendJson(res, 200, { publicKey: this.publicJwk, expiresAt: this.publicKeyExpiresAt })
    } else if (path === '/v3/attestation') {
      this.serveAttestationPage(url, res)
    } else {
      const id = idSchema.safeParse(path.slice('/attestation/'.length))
      const origin = id.success ? this.remembered.get(id.data) : undefined
      if (origin) sendJson(res, 200, { origin, isScam: false })
      else sendJson(res, 404, { error: 'unknown attestation' })
    }
    return true
  }

  private serveAttestationPage(url: URL, res: ServerResponse): void {
    const query = attestationQuery.safeParse(Object.fromEntries(url.searchParams))
    if (!query.success) {
      sendText(res, 400, `Bad request: ${query.error.issues[0]?.message ?? 'invalid query'}`)
      return
    }
    const { id, origin, decryptedId } = query.data
    const attestation = this.signAttestation(id, origin)
    this.remember(id, origin)
    if (decryptedId) this.remember(decryptedId, origin)
    const nonce = randomBytes(16).toString('base64')
    const message = JSON.stringify({ type: 'verify_attestation', attestation })
    // Both values are JSON string literals with '<' escaped, so nothing can close the script.
    const script = `window.parent.postMessage(${scriptLiteral(message)}, ${scriptLiteral(origin)});`
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>verify</title></head><body><script nonce="${nonce}">${script}</script></body></html>`
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      // Only this page's own script runs, and only the requesting origin may frame it.
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors ${origin}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    })
    res.end(html)
  }

  private remember(id: string, origin: string): void {
    this.remembered.delete(id)
    this.remembered.set(id, origin)
    if (this.remembered.size > MAX_REMEMBERED) {
      const oldest = this.remembered.keys().next().value
      if (oldest !== undefined) this.remembered.delete(oldest)
    }
  }
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** A JS string literal safe inside an inline <script>. */
function scriptLiteral(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  // Public data, fetched by wallets on any origin.
  'Access-Control-Allow-Origin': '*',
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, JSON_HEADERS)
  res.end(JSON.stringify(body))
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  })
  res.end(text)
}
