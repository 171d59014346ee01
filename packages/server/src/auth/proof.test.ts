import { createHash } from 'node:crypto'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { verifyProof } from './proof.js'

const URL_ = 'https://latch.example/v1/auth/email'
const BODY = '{"email":"a@b.io"}'
const NOW = 1_700_000_000_000
const sha = (value: string) => createHash('sha256').update(value).digest('base64url')

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const { kty, crv, x, y, d } = await exportJWK(privateKey)
  const pub = await exportJWK(publicKey)
  return { privateKey, jwk: { kty, crv, x: pub.x ?? x, y: pub.y ?? y }, d }
}

async function proof(
  header: Record<string, unknown>,
  claims: Record<string, unknown> = {},
  signer?: CryptoKey,
) {
  const { privateKey, jwk } = await keyPair()
  return new SignJWT({
    jti: 'j'.repeat(22),
    htm: 'POST',
    htu: URL_,
    iat: NOW / 1000,
    bh: sha(BODY),
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk, ...header })
    .sign(signer ?? privateKey)
}

const check = (value: string | undefined) =>
  verifyProof({
    proof: value,
    method: 'POST',
    url: URL_,
    body: BODY,
    accessToken: undefined,
    now: NOW,
  })

describe('device proofs', () => {
  it('accept a well-made proof and name its key by its RFC 7638 thumbprint', async () => {
    const { privateKey, jwk } = await keyPair()
    const made = await new SignJWT({ jti: 'k'.repeat(22), htm: 'POST', htu: URL_, bh: sha(BODY) })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .setIssuedAt(NOW / 1000)
      .sign(privateKey)
    const proven = await check(made)
    expect(proven.jwk).toEqual(jwk)
    // RFC 7638: SHA-256 of the required members in lexicographic order, no spaces.
    expect(proven.jkt).toBe(sha(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })))
  })

  it('refuse a private key in the header, another type, another algorithm or a foreign signer', async () => {
    const { d, jwk } = await keyPair()
    await expect(check(await proof({ jwk: { ...jwk, d } }))).rejects.toThrow(/header must be/)
    await expect(check(await proof({ typ: 'JWT' }))).rejects.toThrow(/header must be/)
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk })
      .sign(new Uint8Array(32))
    await expect(check(hs)).rejects.toThrow(/header must be/)
    const other = await keyPair()
    await expect(check(await proof({}, {}, other.privateKey))).rejects.toThrow(/bad signature/)
  })

  it('refuse what is not a compact JWS, and claims that are missing or wrong', async () => {
    await expect(check(undefined)).rejects.toThrow(/missing DPoP header/)
    await expect(check('a.b')).rejects.toThrow(/not a compact JWS/)
    await expect(check(`${'a'.repeat(3000)}.b.c`)).rejects.toThrow(/not a compact JWS/)
    await expect(check(await proof({}, { jti: 'short' }))).rejects.toThrow(/claims must be/)
    await expect(check(await proof({}, { bh: undefined }))).rejects.toThrow(/claims must be/)
    await expect(check(await proof({}, { ath: sha('token') }))).rejects.toThrow(/ath without/)
  })
})
