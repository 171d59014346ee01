import type { LatchStorage } from '../../storage/latch-storage.js'
import type { AuthFailure } from '../../auth/auth-errors.js'
import type { FlowControlEvent } from '../flow.js'

/** SPEC §4: what the frame says follows CONNECT_EMAIL. */
export type ConnectEmailAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/**
 * The login's storage (SPEC §4, §5): the throttle's clock and the login record. A slice of
 * core's `LatchStorage`, so a test can hand a memory store.
 */
export type LoginStorage = Pick<
  LatchStorage,
  'emailLoginCooldownRemaining' | 'markEmailLoginAttempt' | 'recordEmailLogin' | 'get'
>

/** What the email-login machine is started with. */
export interface EmailLoginInput {
  readonly storage: LoginStorage
  /** Epoch milliseconds; tests move it. Default `Date.now`. */
  readonly now?: () => number
  /** Submitted at once (the email field's, or the email a code view was opened for). */
  readonly email?: string
}

export interface EmailLoginContext {
  readonly storage: LoginStorage
  /** The email the run was started with, submitted on entry. */
  readonly initialEmail?: string
  readonly now: () => number
  /** The address being logged in, trimmed and lower-cased. */
  email?: string
  /** When another code may be asked for (SPEC §5 cooldown), epoch ms. */
  resendAt?: number
  /** The last step's failure, shown under the field; cleared by the next attempt. */
  error?: AuthFailure
  /** Whether the code being sent is a resend (a failure then stays on the code view). */
  resending: boolean
}

export type EmailLoginEvent =
  /** What the root tells every run (flows/flow.ts); RETRY and the others are ignored here. */
  | FlowControlEvent
  /** The visitor submitted the email field on Connect. */
  | { type: 'SUBMIT_EMAIL'; email: string }
  /** The visitor entered (or pasted) the whole code. */
  | { type: 'SUBMIT_CODE'; otp: string }
  /** "Resend code", allowed once the cooldown is over. */
  | { type: 'RESEND' }
  /** Back to the email field (a typo in the address). */
  | { type: 'EDIT_EMAIL' }

export type EmailLoginEmitted =
  /** The frame sent a code, or asks to approve this device first: show that view. */
  | { type: 'awaiting'; step: 'otp' | 'device'; email: string }
  /** The frame holds a session for `email`: connect the AUTH connector. */
  | { type: 'loggedIn'; email: string }
  /** A step failed; the failure is also in the context. */
  | { type: 'failed'; error: AuthFailure }
