import { isFrameError } from '@latch/frame'
import { authFailure, type AuthFailure } from '../../auth/auth-errors.js'
import { errorMessages, type ErrorCode } from '../../errors/catalogue.js'
import { LatchError } from '../../errors/latch-error.js'

/**
 * How a social login ended without a session (issue 12's failures):
 * - `popupBlocked`: the browser blocked the popup; a fresh click opens it;
 * - `popupClosed`: the visitor closed the popup before the provider answered;
 * - `refused`: the provider or the Latch server ended the flow (consent refused, a provider
 *   error, a state that did not match, an expired flow), with the frame's SPEC §8 text;
 * - `timedOut`: no result within the 45 s the frame waits (SOCIAL_RESULT_TIMEOUT_MS);
 * - `failed`: anything else (the frame could not be loaded, the server has no credentials for the
 *   provider, the AUTH connector did not connect), to try again from the view.
 */
export type SocialFailureKind = 'popupBlocked' | 'popupClosed' | 'refused' | 'timedOut' | 'failed'

/** A failure as the views show it (its catalogue code when it has one), and its kind. */
export interface SocialFailure extends AuthFailure {
  readonly kind: SocialFailureKind
}

/**
 * Issue 12: a closed popup, a refusal and a timeout end the flow: back to Connect, the text in a
 * toast. A blocked popup and the other failures stay on ConnectingSocial, with Retry.
 */
export function endsSocialFlow(kind: SocialFailureKind): boolean {
  return kind === 'popupClosed' || kind === 'refused' || kind === 'timedOut'
}

/** SPEC §8 texts the frame sends as its own message: shown by their code, so they translate. */
const FRAME_TEXTS: readonly ErrorCode[] = [
  'SESSION_EXPIRED',
  'EMBEDDED_WALLET_REQUEST_TIMEOUT',
  'FRAME_ERROR',
  'SOMETHING_WENT_WRONG',
  'SOCIAL_OTHER_BROWSER',
  'SOCIAL_LOGIN_USED',
  'INVALID_APP_CONFIGURATION',
]

function coded(failure: AuthFailure): AuthFailure {
  if (failure.code) return failure
  const code = FRAME_TEXTS.find((known) => errorMessages[known] === failure.message)
  return code ? { message: failure.message, code } : failure
}

function ofCode(kind: SocialFailureKind, code: ErrorCode): SocialFailure {
  return { kind, ...authFailure(new LatchError(code)) }
}

/** The popup did not open: SOCIAL_POPUP_BLOCKED. */
export const popupBlocked = (): SocialFailure => ofCode('popupBlocked', 'SOCIAL_POPUP_BLOCKED')

/**
 * The visitor closed the popup: the request it served is abandoned, SPEC §8's 'Something went
 * wrong' (the abort of a request other than an RPC one).
 */
export const popupClosed = (): SocialFailure => ofCode('popupClosed', 'SOMETHING_WENT_WRONG')

/** No result in time: SPEC §8's 'Embedded Wallet Request Timed Out'. */
export const resultTimedOut = (): SocialFailure =>
  ofCode('timedOut', 'EMBEDDED_WALLET_REQUEST_TIMEOUT')

/** A frame call that failed before the visitor reached the provider, or the AUTH connect. */
export function loginFailed(error: unknown): SocialFailure {
  return { kind: 'failed', ...coded(authFailure(error)) }
}

/**
 * CONNECT_SOCIAL's failure: the frame's own message (an `_ERROR` reply) is the provider's or the
 * server's answer, a refusal; its timeout text is the 45 s passing; anything else (the frame
 * gone) can be tried again.
 */
export function providerFailed(error: unknown): SocialFailure {
  const failure = coded(authFailure(error))
  if (failure.code === 'EMBEDDED_WALLET_REQUEST_TIMEOUT') return { kind: 'timedOut', ...failure }
  const refused = isFrameError(error) && error.kind === 'remote'
  return { kind: refused ? 'refused' : 'failed', ...failure }
}

/** What a host's `connectSocial` promise rejects with. */
export function socialLoginError(failure: SocialFailure): LatchError {
  return failure.code
    ? new LatchError(failure.code, failure.values ? { values: failure.values } : {})
    : new LatchError('SOCIAL_LOGIN_FAILED', { values: { reason: failure.message } })
}
