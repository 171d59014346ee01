import {
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { OTP_LENGTH } from '@latch/core/api'

/**
 * The login's keys, each derived from the server's one secret (HKDF-SHA-256) for one use only, so
 * a key that leaks through one use says nothing of the others.
 */
export interface AuthKeys {
  /** HMAC key of the one-time codes' hashes. */
  readonly otp: Uint8Array
  /** HMAC key of the refresh and approval tokens' hashes. */
  readonly token: Uint8Array
  /** HS256 key of the access tokens. */
  readonly access: Uint8Array
}

const derive = (secret: string, use: string) =>
  new Uint8Array(hkdfSync('sha256', secret, 'latch-auth-v1', use, 32))

export function deriveAuthKeys(secret: string): AuthKeys {
  return {
    otp: derive(secret, 'otp-hash'),
    token: derive(secret, 'token-hash'),
    access: derive(secret, 'access-token'),
  }
}

/** HMAC-SHA-256 in base64url: how codes and tokens are stored. */
export function hmac(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url')
}

/** SHA-256 in base64url: a proof's `bh` (body) and `ath` (access token). */
export function sha256Base64url(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** 256 random bits in base64url (43 characters): refresh and approval tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A one-time code: {@link OTP_LENGTH} digits, uniform, from the CSPRNG. */
export function randomOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}
