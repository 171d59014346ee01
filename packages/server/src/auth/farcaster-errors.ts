import type { FarcasterError as FarcasterErrorBody, FarcasterErrorCode } from '@latch/core/api'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HttpError } from '../http/errors.js'

/**
 * A Farcaster call's refusal to the frame: the server's error body plus a machine-readable
 * `code` (core's `farcasterErrorSchema`). Another device's flow reads exactly like an unknown one.
 */
export class FarcasterError extends HttpError {
  constructor(
    status: ContentfulStatusCode,
    readonly code: FarcasterErrorCode,
    message: string,
  ) {
    super(status, message)
    this.name = 'FarcasterError'
  }

  override body(): FarcasterErrorBody {
    return { ...super.body(), code: this.code }
  }
}

export const farcasterNotConfigured = () =>
  new FarcasterError(
    404,
    'FARCASTER_NOT_CONFIGURED',
    'Sign in with Farcaster is not configured on this server',
  )

export const flowNotFound = () =>
  new FarcasterError(404, 'FLOW_NOT_FOUND', 'No such Farcaster sign-in: start again')

export const flowNotReady = () =>
  new FarcasterError(
    409,
    'FLOW_NOT_READY',
    'The Farcaster sign-in has not been approved yet: ask for its result',
  )

export const flowUsed = () =>
  new FarcasterError(409, 'FLOW_USED', 'This Farcaster sign-in was already used: start again')

/** The text of an expired sign-in, for the refusal and the result alike. */
export const FLOW_EXPIRED_MESSAGE = 'The Farcaster sign-in took too long: start again'

export const flowExpired = () => new FarcasterError(410, 'FLOW_EXPIRED', FLOW_EXPIRED_MESSAGE)

// The relay's refusals, to the Farcaster app: the relay protocol's `{ error }` body and statuses
// (401 for a channel token it does not know), no Latch code.

/** No channel for this token (unknown, or swept long after it expired). */
export const channelUnknown = () => new HttpError(401, 'Unauthorized')

/** The channel's time ran out: the person starts again on the page that showed the QR code. */
export const channelExpired = () => new HttpError(401, 'This sign-in expired: start again')

/** An approval was already accepted on this channel. */
export const channelCompleted = () => new HttpError(409, 'This sign-in was already approved')

/** The open relay is off (`farcaster.openRelay: false`). */
export const openRelayOff = () => new HttpError(404, 'This relay opens no channels of its own')

/** The IdRegistry's chain could not be read: nothing is known about the signer yet. */
export const registryUnavailable = () =>
  new HttpError(503, 'The Farcaster registry could not be read: try again')
