import { emailSchema, otpSchema } from '../api/auth.js'
import { LatchError } from '../errors/latch-error.js'
import { authFailure, type AuthFailure } from './auth-errors.js'

// What the two email flows (login, update) share: the field checks and how a failed frame call
// ends a step. Each machine names the two actions `failWith` and `emitFailed`.

/** SPEC §5 'Invalid email', coded so views show the catalogue's (translated) text. */
export const INVALID_EMAIL: AuthFailure = authFailure(new LatchError('INVALID_EMAIL'))
/** A code that is not six digits, refused before the frame is asked. */
export const INVALID_CODE: AuthFailure = authFailure(new LatchError('INVALID_OTP'))

/** The field's text as the frame gets it (trimmed, lower-cased), or undefined when invalid. */
export function emailOf(value: string): string | undefined {
  const parsed = emailSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/** Whether `otp` is a six-digit code (SPEC §5: a string). */
export const isCode = (otp: string) => otpSchema.safeParse(otp).success

const failureOf = ({ event }: { event: { error: unknown } }) => authFailure(event.error)

/** A failed frame call: its SPEC §8 text kept for the view and emitted for the host. */
export const onFailure = {
  actions: [
    { type: 'failWith' as const, params: failureOf },
    { type: 'emitFailed' as const, params: failureOf },
  ],
}

/**
 * The code flows' first state: a run started for an address submits it at once, as the field
 * would (`submitInitial`, which each machine defines), then waits in `enteringEmail`.
 */
export const startingState = {
  always: [
    { guard: 'hasInitialEmail', target: 'enteringEmail', actions: 'submitInitial' },
    { target: 'enteringEmail' },
  ],
} as const
