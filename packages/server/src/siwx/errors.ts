import type { SiwxError as SiwxErrorBody, SiwxErrorCode } from '@latch/core/api'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../http/errors.js'

/**
 * A sign-in call's refusal: the server's error body plus core's `code` (`siwxErrorSchema`), which
 * the client acts on; people read the message.
 */
export class SiwxError extends HttpError {
  constructor(
    status: ContentfulStatusCode,
    readonly code: SiwxErrorCode,
    message: string,
    headers?: Record<string, string>,
  ) {
    super(status, message, undefined, headers)
    this.name = 'SiwxError'
  }

  override body(): SiwxErrorBody {
    return { ...super.body(), code: this.code }
  }
}

/** No such nonce, already spent, or older than its time to live. */
export const nonceExpired = () =>
  new SiwxError(400, 'NONCE_EXPIRED', 'The sign-in message expired: ask for a new one')

/** The signed text is not the one the server wrote for the nonce. */
export const messageMismatch = () =>
  new SiwxError(400, 'MESSAGE_MISMATCH', 'The signed message is not the one this server wrote')

/** The signature is not the account's over the message. */
export const invalidSignature = () => new SiwxError(401, 'INVALID_SIGNATURE', 'Invalid signature')

/**
 * The page is not one of the project's, or its uri is of another origin. `headers` lets the page
 * read the refusal (see the gate).
 */
export const domainNotAllowed = (reason: string, headers?: Record<string, string>) =>
  new SiwxError(403, 'DOMAIN_NOT_ALLOWED', `Domain not allowed: ${reason}`, headers)

/** A chain this server has no configuration for. */
export const chainNotSupported = (chainId: string) =>
  new SiwxError(400, 'CHAIN_NOT_SUPPORTED', `Chain is not supported: ${chainId}`)

/** SPEC §8 'Session Expired': the token is unknown, expired, signed out or another project's. */
export const sessionExpired = () =>
  new SiwxError(401, 'SESSION_EXPIRED', 'Session Expired', {
    'www-authenticate': 'Bearer error="invalid_token"',
  })

/** The token is of another account than the one the call names. */
export const notYourSession = () =>
  new SiwxError(403, 'NOT_YOUR_SESSION', 'This session is of another account')
