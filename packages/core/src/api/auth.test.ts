import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  authErrorSchema,
  connectEmailRequestSchema,
  connectOtpRequestSchema,
  deviceJwkSchema,
  deviceProofClaimsSchema,
  sessionResponseSchema,
  signOutRequestSchema,
} from './index.js'

const jwk = {
  kty: 'EC',
  crv: 'P-256',
  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
}

describe('email login schemas', () => {
  it('take an address trimmed and in lower case, and refuse what is not one', () => {
    expect(z.parse(connectEmailRequestSchema, { email: '  Ada@Example.COM ' })).toEqual({
      email: 'ada@example.com',
    })
    const bad = z.safeParse(connectEmailRequestSchema, { email: 'ada' })
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(['Invalid email'])
    expect(
      z.safeParse(connectEmailRequestSchema, { email: `${'a'.repeat(250)}@x.io` }).success,
    ).toBe(false)
  })

  it('take a code of exactly six digits, as a string, and no other field', () => {
    expect(z.safeParse(connectOtpRequestSchema, { email: 'a@b.io', otp: '012345' }).success).toBe(
      true,
    )
    for (const otp of ['12345', '1234567', '12345a', 123456, ' 123456']) {
      expect(z.safeParse(connectOtpRequestSchema, { email: 'a@b.io', otp }).success).toBe(false)
    }
    expect(
      z.safeParse(connectOtpRequestSchema, { email: 'a@b.io', otp: '123456', extra: 1 }).success,
    ).toBe(false)
  })

  it('take a public P-256 key and refuse a private one or another curve', () => {
    expect(z.safeParse(deviceJwkSchema, jwk).success).toBe(true)
    expect(z.safeParse(deviceJwkSchema, { ...jwk, d: jwk.x }).success).toBe(false)
    expect(z.safeParse(deviceJwkSchema, { ...jwk, crv: 'P-384' }).success).toBe(false)
    expect(z.safeParse(deviceJwkSchema, { ...jwk, x: 'short' }).success).toBe(false)
  })

  it('read proof claims with an optional token hash', () => {
    const claims = {
      jti: 'a'.repeat(22),
      htm: 'POST',
      htu: 'https://latch.example/v1/auth/email',
      iat: 1_700_000_000,
      bh: 'b'.repeat(43),
    }
    expect(z.safeParse(deviceProofClaimsSchema, claims).success).toBe(true)
    expect(z.safeParse(deviceProofClaimsSchema, { ...claims, ath: 'c'.repeat(43) }).success).toBe(
      true,
    )
    expect(z.safeParse(deviceProofClaimsSchema, { ...claims, htm: 'DELETE' }).success).toBe(false)
    expect(z.safeParse(deviceProofClaimsSchema, { ...claims, iat: 1.5 }).success).toBe(false)
  })

  it('answer a session as connected with a user, or not connected', () => {
    const user = { id: '3f1c1d0e-8c55-4d7e-9a43-2a3e4c5b6d7f', email: 'a@b.io' }
    expect(z.safeParse(sessionResponseSchema, { isConnected: true, user }).success).toBe(true)
    expect(z.safeParse(sessionResponseSchema, { isConnected: false }).success).toBe(true)
    expect(z.safeParse(sessionResponseSchema, { isConnected: true }).success).toBe(false)
    expect(z.safeParse(signOutRequestSchema, {}).success).toBe(true)
  })

  it('read an auth error with its code, and a plain server error too', () => {
    expect(
      z.parse(authErrorSchema, {
        error: 'Invalid code: 4 attempts left',
        code: 'INVALID_CODE',
        attemptsLeft: 4,
      }),
    ).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: 4 })
    expect(z.safeParse(authErrorSchema, { error: 'Not found' }).success).toBe(true)
    expect(z.safeParse(authErrorSchema, { error: 'x', code: 'NOPE' }).success).toBe(false)
  })
})
