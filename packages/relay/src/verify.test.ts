import { createPublicKey, verify as verifySignature } from 'node:crypto'
import { runInNewContext } from 'node:vm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRelay } from './index.js'
import { closeClient, createClient, type Client } from './test/sign-clients.js'
import type { LocalRelay } from './types.js'

const ORIGIN = 'http://localhost:5173'
const ID = 'a'.repeat(64)
const DECRYPTED_ID = 'b'.repeat(64)

function attestationUrl(relay: LocalRelay, query: Record<string, string>): string {
  return `${relay.verifyUrl}/v3/attestation?${new URLSearchParams(query)}`
}

/** Runs the page's inline script with a fake window.parent; returns what it posted. */
function runPage(html: string): { message: string; targetOrigin: string }[] {
  const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!script) throw new Error('no inline script in the attestation page')
  const posted: { message: string; targetOrigin: string }[] = []
  runInNewContext(script, {
    window: {
      parent: {
        postMessage: (message: string, targetOrigin: string) =>
          posted.push({ message, targetOrigin }),
      },
    },
  })
  return posted
}

function decodePart(part: string | undefined): unknown {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'))
}

describe('local verify service', () => {
  let relay: LocalRelay
  const clients: Client[] = []

  beforeEach(async () => {
    relay = await startRelay()
  })

  afterEach(async () => {
    await Promise.all(clients.splice(0).map(closeClient))
    await relay.stop()
  })

  it('serves its P-256 public key in the {publicKey: JWK, expiresAt: seconds} form core expects', async () => {
    const res = await fetch(`${relay.verifyUrl}/v3/public-key`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await res.json()) as { publicKey: Record<string, unknown>; expiresAt: number }
    expect(body.publicKey).toMatchObject({
      crv: 'P-256',
      kty: 'EC',
      ext: true,
      key_ops: ['verify'],
    })
    expect(body.publicKey.x).toEqual(expect.any(String))
    expect(body.expiresAt * 1000).toBeGreaterThan(Date.now())
  })

  it('the attestation page posts a signed JWT to exactly the requesting origin', async () => {
    const res = await fetch(
      attestationUrl(relay, {
        projectId: 'test',
        origin: ORIGIN,
        id: ID,
        decryptedId: DECRYPTED_ID,
      }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/default-src 'none'; script-src 'nonce-[A-Za-z0-9+/=]+'/)
    expect(csp).toContain(`frame-ancestors ${ORIGIN}`)

    const posted = runPage(await res.text())
    expect(posted).toHaveLength(1)
    expect(posted[0]?.targetOrigin).toBe(ORIGIN)
    const data = JSON.parse(posted[0]?.message ?? '') as { type: string; attestation: string }
    expect(data.type).toBe('verify_attestation')

    const [header, payload, signature] = data.attestation.split('.')
    expect(decodePart(header)).toEqual({ alg: 'ES256', typ: 'JWT' })
    const claims = decodePart(payload) as Record<string, unknown>
    expect(claims).toMatchObject({ id: ID, origin: ORIGIN, isScam: false, isVerified: true })
    expect((claims.exp as number) * 1000).toBeGreaterThan(Date.now())

    const { publicKey } = (await (await fetch(`${relay.verifyUrl}/v3/public-key`)).json()) as {
      publicKey: { kty: string; crv: string; x: string; y: string }
    }
    const key = createPublicKey({
      key: { kty: publicKey.kty, crv: publicKey.crv, x: publicKey.x, y: publicKey.y },
      format: 'jwk',
    })
    const valid = verifySignature(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature ?? '', 'base64url'),
    )
    expect(valid).toBe(true)
  })

  it("core's own Verify.resolve accepts the attestation against the local public key", async () => {
    const wallet = await createClient('wallet', relay)
    clients.push(wallet)
    const res = await fetch(
      attestationUrl(relay, { origin: ORIGIN, id: ID, decryptedId: DECRYPTED_ID }),
    )
    const { attestation } = JSON.parse(runPage(await res.text())[0]?.message ?? '') as {
      attestation: string
    }

    await expect(
      wallet.core.verify.resolve({
        attestationId: attestation,
        encryptedId: ID,
        hash: DECRYPTED_ID,
      }),
    ).resolves.toEqual({ origin: ORIGIN, isScam: false, isVerified: true })
    // An attestation issued for another message id is ignored.
    await expect(
      wallet.core.verify.resolve({ attestationId: attestation, encryptedId: 'c'.repeat(64) }),
    ).resolves.toBeUndefined()
  })

  it('answers the v2 lookup /attestation/:id for ids it attested, 404 otherwise', async () => {
    await fetch(attestationUrl(relay, { origin: ORIGIN, id: ID, decryptedId: DECRYPTED_ID }))
    for (const id of [ID, DECRYPTED_ID]) {
      const res = await fetch(`${relay.verifyUrl}/attestation/${id}?v2Supported=true`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ origin: ORIGIN, isScam: false })
    }
    const unknown = await fetch(`${relay.verifyUrl}/attestation/${'d'.repeat(64)}?v2Supported=true`)
    expect(unknown.status).toBe(404)
  })

  it.each([
    ['an origin with markup', { origin: 'http://x"><script>alert(1)</script>', id: ID }],
    ['an origin with a path', { origin: `${ORIGIN}/app`, id: ID }],
    ['a javascript: origin', { origin: 'javascript:alert(1)', id: ID }],
    ['a wildcard origin', { origin: '*', id: ID }],
    ['an id with markup', { origin: ORIGIN, id: '</script><script>alert(1)' }],
    ['a missing id', { origin: ORIGIN }],
  ])('refuses %s with 400 and echoes nothing back', async (_label, query) => {
    const res = await fetch(attestationUrl(relay, query as Record<string, string>))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await res.text()
    expect(text).not.toContain('<script')
    expect(text).not.toContain('alert')
  })

  it('only answers GET (and HEAD) on its routes', async () => {
    const res = await fetch(`${relay.verifyUrl}/v3/public-key`, { method: 'POST' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
  })
})
