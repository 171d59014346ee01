import { OTP_TTL_SECONDS } from '@latch/core/api'
import { HttpError } from '../http/errors.js'
import { changeEmail, findUserByEmail, type UserRow } from './accounts.js'
import type { AuthDeps } from './context.js'
import { emailInUse } from './errors.js'
import { enforceLimits } from './limits.js'
import { mailLimits, sendMail } from './mail.js'
import {
  emailChangedMail,
  updatePrimaryCodeMail,
  updateSecondaryCodeMail,
} from './mail-templates.js'
import { dropOtps, issueOtp, verifyOtp } from './otp.js'

// Email update (SPEC §4, §7 UPDATE_EMAIL, UPDATE_EMAIL_PRIMARY_OTP, UPDATE_EMAIL_SECONDARY_OTP),
// for a signed-in user: a code to the current address proves its owner asks, a code to the new
// one proves it is theirs too; only then is it stored. Both codes are the user's (subject: the
// user id) and this device's, and the new address travels with them, never from the client twice.

/** The signed-in user making the change, from a checked access token and proof. */
export interface UpdateRequest {
  user: UserRow
  jkt: string
  ip: string
}

/** Refuses an address that another account holds. */
async function ensureFree(deps: AuthDeps, userId: string, email: string): Promise<void> {
  const holder = await findUserByEmail(deps.db, email)
  if (holder && holder.id !== userId) throw emailInUse()
}

/** UPDATE_EMAIL: a code to the current address → VERIFY_PRIMARY_OTP. */
export async function startEmailUpdate(
  deps: AuthDeps,
  request: UpdateRequest & { newEmail: string },
): Promise<'VERIFY_PRIMARY_OTP'> {
  const current = request.user.email
  // An account made by a social login without a verified email has no address to prove.
  if (current === null) {
    throw new HttpError(409, 'This account has no email to update: it signs in with a social login')
  }
  if (request.newEmail === current) {
    throw new HttpError(400, 'Invalid request', [
      { path: ['newEmail'], message: 'This is already your email' },
    ])
  }
  // The signed-in account's own address, asked by its own session.
  await enforceLimits(deps, mailLimits(deps, current, request.ip, { trusted: true }))
  await ensureFree(deps, request.user.id, request.newEmail)
  const code = await issueOtp(deps, {
    purpose: 'update_primary',
    subject: request.user.id,
    email: current,
    newEmail: request.newEmail,
    jkt: request.jkt,
  })
  await sendMail(deps, updatePrimaryCodeMail(current, code, request.newEmail, OTP_TTL_SECONDS))
  return 'VERIFY_PRIMARY_OTP'
}

/**
 * Checks a code of the email update (under the user's own attempt limit per client address).
 * @returns the new address the code carries.
 */
async function spendUpdateCode(
  deps: AuthDeps,
  request: UpdateRequest & { otp: string },
  purpose: 'update_primary' | 'update_secondary',
): Promise<string> {
  await enforceLimits(deps, [
    [`verify:${request.user.id}:${request.ip}`, deps.config.rateLimits.verifyPerEmailIp],
  ])
  const spent = await verifyOtp(deps, {
    purpose,
    subject: request.user.id,
    code: request.otp,
    jkt: request.jkt,
  })
  // Written with every code of the update; its absence would be a bug, not a client error.
  if (spent.newEmail === null) throw new Error('email update code without a new address')
  return spent.newEmail
}

/** UPDATE_EMAIL_PRIMARY_OTP: the current address's code; a code to the new one → VERIFY_SECONDARY_OTP. */
export async function confirmPrimaryOtp(
  deps: AuthDeps,
  request: UpdateRequest & { otp: string },
): Promise<'VERIFY_SECONDARY_OTP'> {
  const newEmail = await spendUpdateCode(deps, request, 'update_primary')
  // The new address may be anyone's: its ceiling holds.
  await enforceLimits(deps, mailLimits(deps, newEmail, request.ip, { trusted: false }))
  await ensureFree(deps, request.user.id, newEmail)
  const code = await issueOtp(deps, {
    purpose: 'update_secondary',
    subject: request.user.id,
    email: newEmail,
    newEmail,
    jkt: request.jkt,
  })
  await sendMail(deps, updateSecondaryCodeMail(newEmail, code, OTP_TTL_SECONDS))
  return 'VERIFY_SECONDARY_OTP'
}

/**
 * UPDATE_EMAIL_SECONDARY_OTP: the new address's code; the address is stored (SPEC §4), the old
 * one's pending login code dropped, and the old address told.
 * @throws AuthError 409 EMAIL_IN_USE when another account took the address meanwhile.
 */
export async function confirmSecondaryOtp(
  deps: AuthDeps,
  request: UpdateRequest & { otp: string },
): Promise<string> {
  const newEmail = await spendUpdateCode(deps, request, 'update_secondary')
  await changeEmail(deps.db, request.user.id, newEmail)
  const previous = request.user.email
  if (previous !== null) {
    await dropOtps(deps, 'login', previous)
    // The change is done; a notice that fails to go must not undo it or fail the call.
    await deps.mailer
      .send(emailChangedMail(previous, newEmail))
      .catch((error: unknown) => deps.log(error))
  }
  return newEmail
}
