import type { AuthError as AuthErrorBody, AuthErrorCode } from '@latch/core/api'
import { OTP_MAX_ATTEMPTS } from '@latch/core/api'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../http/errors.js'

/** What an auth error adds to the message: the frame acts on these, people read the message. */
interface AuthErrorDetails {
  attemptsLeft?: number
  retryAfterSeconds?: number
}

/**
 * An auth call's refusal: the server's error body plus a machine-readable `code` (core's
 * `authErrorSchema`). Never says more than the caller may know: a wrong code and a code for
 * another device read the same.
 */
export class AuthError extends HttpError {
  constructor(
    status: ContentfulStatusCode,
    readonly code: AuthErrorCode,
    message: string,
    readonly details: AuthErrorDetails = {},
    headers?: Record<string, string>,
  ) {
    super(status, message, undefined, headers)
    this.name = 'AuthError'
  }

  override body(): AuthErrorBody {
    return { ...super.body(), code: this.code, ...this.details }
  }
}

/** RFC 9449 §7.1: a 401 names the scheme and what was wrong with the request. */
const challenge = (error: 'invalid_token' | 'invalid_dpop_proof') => ({
  'www-authenticate': `DPoP error="${error}", algs="ES256"`,
})

/** SPEC §8 'Session Expired': an access or refresh token that is invalid, expired or ended. */
export const sessionExpired = () =>
  new AuthError(401, 'SESSION_EXPIRED', 'Session Expired', {}, challenge('invalid_token'))

/** A device proof that is missing, malformed, stale, for another request, or used before. */
export const invalidProof = (reason: string) =>
  new AuthError(
    401,
    'INVALID_PROOF',
    `Invalid device proof: ${reason}`,
    {},
    challenge('invalid_dpop_proof'),
  )

/** SPEC §8 'Please try again after N seconds', with Retry-After. */
export const rateLimited = (retryAfterSeconds: number) =>
  new AuthError(
    429,
    'RATE_LIMITED',
    `Please try again after ${retryAfterSeconds} seconds`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  )

export const invalidCode = (attemptsLeft: number) =>
  new AuthError(
    401,
    'INVALID_CODE',
    attemptsLeft > 0
      ? `Invalid code: ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`
      : 'Invalid code: no attempts left, ask for a new code',
    { attemptsLeft },
  )

export const codeExpired = () =>
  new AuthError(401, 'CODE_EXPIRED', 'Code expired: ask for a new code')

export const codeLocked = () =>
  new AuthError(401, 'CODE_LOCKED', `Too many attempts (${OTP_MAX_ATTEMPTS}): ask for a new code`, {
    attemptsLeft: 0,
  })

export const deviceNotVerified = () =>
  new AuthError(
    403,
    'DEVICE_NOT_VERIFIED',
    'This device is not verified: approve it from the link sent to your email',
  )

export const deviceApprovalExpired = () =>
  new AuthError(
    409,
    'DEVICE_APPROVAL_EXPIRED',
    'No device approval is pending: enter your email again',
  )

export const emailInUse = () => new AuthError(409, 'EMAIL_IN_USE', 'This email is already in use')

export const mailFailed = () =>
  new AuthError(502, 'MAIL_FAILED', 'Could not send the email: try again later')
