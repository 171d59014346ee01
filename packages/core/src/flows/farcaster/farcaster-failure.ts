import { authFailure, type AuthFailure } from '../../auth/auth-errors.js'
import { errorMessages, type ErrorCode } from '../../errors/catalogue.js'
import { LatchError } from '../../errors/latch-error.js'

/**
 * How a Farcaster sign-in ended without a session (issue 12). Every one stays on
 * ConnectingFarcaster with Try again, which asks for a new channel (a new QR code):
 * - `expired`: the channel's time ran out before the Farcaster app approved (SPEC §8 'Session
 *   Expired');
 * - `timedOut`: the frame stopped waiting (SPEC §8 'Embedded Wallet Request Timed Out');
 * - `failed`: anything else (the frame could not be loaded, the server has no Farcaster
 *   section, the AUTH connector did not connect), with its own text.
 */
export type FarcasterFailureKind = 'expired' | 'timedOut' | 'failed'

/** A failure as the view shows it (its catalogue code when it has one), and its kind. */
export interface FarcasterFailure extends AuthFailure {
  readonly kind: FarcasterFailureKind
}

/** SPEC §8 texts the frame sends as its own message: shown by their code, so they translate. */
const FRAME_TEXTS: readonly ErrorCode[] = [
  'SESSION_EXPIRED',
  'EMBEDDED_WALLET_REQUEST_TIMEOUT',
  'FRAME_ERROR',
]

const kindOf = (code: ErrorCode | undefined): FarcasterFailureKind =>
  code === 'SESSION_EXPIRED'
    ? 'expired'
    : code === 'EMBEDDED_WALLET_REQUEST_TIMEOUT'
      ? 'timedOut'
      : 'failed'

/** Any failure of the sign-in's frame calls or of its connect, with its SPEC §8 code if known. */
export function farcasterFailed(error: unknown): FarcasterFailure {
  const failure = authFailure(error)
  const code = failure.code ?? FRAME_TEXTS.find((known) => errorMessages[known] === failure.message)
  return { ...failure, ...(code ? { code } : {}), kind: kindOf(code) }
}

/** The channel outlived the host's own wait: SPEC §8's 'Session Expired'. */
export const channelExpired = (): FarcasterFailure =>
  farcasterFailed(new LatchError('SESSION_EXPIRED'))

/** What a host's `connectFarcaster` promise rejects with. */
export function farcasterLoginError(failure: FarcasterFailure): LatchError {
  return failure.code
    ? new LatchError(failure.code, failure.values ? { values: failure.values } : {})
    : new LatchError('SOCIAL_LOGIN_FAILED', { values: { reason: failure.message } })
}
