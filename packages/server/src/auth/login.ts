import type { AuthTokens, ConnectEmailAction } from '@latch/core/api'
import { OTP_TTL_SECONDS } from '@latch/core/api'
import {
  createAccount,
  ensureDevice,
  findDevice,
  findUserByEmail,
  touchDevice,
} from './accounts.js'
import type { AuthDeps } from './context.js'
import type { Requester } from './request.js'
import { hasLiveApproval, mailApprovalLink } from './device-approval.js'
import { deviceApprovalExpired, deviceNotVerified } from './errors.js'
import { enforceLimits } from './limits.js'
import { loginCodeMail } from './mail-templates.js'
import { mailLimits, sendMail } from './mail.js'
import { issueOtp, verifyOtp } from './otp.js'
import type { ProvenDevice } from './proof.js'
import { hasLiveSession, openSession } from './sessions.js'

// The login (SPEC §4 "Secure iframe", §7 CONNECT_EMAIL, CONNECT_DEVICE, CONNECT_OTP). Every
// step is made by one device key, proven on every request; codes are bound to the device that
// asked for them, and an existing account lets a new device in only after the emailed approval.

/** Who is logging in, as the checked request says. */
export interface LoginRequest {
  email: string
  device: ProvenDevice
  projectId: string
  ip: string
  /** Who a new device's approval mail names. */
  requester: Requester
}

async function sendLoginCode(deps: AuthDeps, request: LoginRequest): Promise<'VERIFY_OTP'> {
  const code = await issueOtp(deps, {
    purpose: 'login',
    subject: request.email,
    email: request.email,
    jkt: request.device.jkt,
  })
  await sendMail(deps, loginCodeMail(request.email, code, OTP_TTL_SECONDS))
  return 'VERIFY_OTP'
}

/**
 * CONNECT_EMAIL. Every call counts against the address's and the client's mail limits, whatever
 * it answers, so probing addresses costs the same as logging in.
 * - No account: a code → VERIFY_OTP.
 * - An approved device with a live session of this account → CONNECT, and nothing is sent or
 *   granted: the frame refreshes its own session, which again takes this key's proof and the
 *   refresh token only the frame holds.
 * - An approved device without one: a code → VERIFY_OTP.
 * - A new (or still pending) device: an approval link → VERIFY_DEVICE.
 */
export async function connectEmail(
  deps: AuthDeps,
  request: LoginRequest,
): Promise<ConnectEmailAction> {
  const user = await findUserByEmail(deps.db, request.email)
  const device = user ? await findDevice(deps.db, user.id, request.device.jkt) : undefined
  // The account's own approved device is never held back by strangers' calls (see mailLimits).
  const trusted = Boolean(device?.approvedAt)
  await enforceLimits(deps, mailLimits(deps, request.email, request.ip, { trusted }))
  if (!user) return sendLoginCode(deps, request)
  if (device?.approvedAt) {
    const live = { userId: user.id, deviceId: device.id, projectId: request.projectId }
    if (await hasLiveSession(deps, live)) {
      await touchDevice(deps.db, device.id, new Date(deps.now()))
      return 'CONNECT'
    }
    return sendLoginCode(deps, request)
  }
  const pending =
    device ?? (await ensureDevice(deps.db, user.id, request.device, new Date(deps.now())))
  await mailApprovalLink(deps, request.email, pending.id, {
    projectId: request.projectId,
    ip: request.ip,
    ...request.requester,
  })
  return 'VERIFY_DEVICE'
}

/**
 * CONNECT_DEVICE: waits (at most `auth.deviceApproval.waitSeconds`) for this device's approval.
 * Approved: a code is sent → VERIFY_OTP. Still pending when the wait ends → VERIFY_DEVICE (call
 * again).
 * @throws AuthError 409 DEVICE_APPROVAL_EXPIRED when no approval is pending for this device.
 */
export async function connectDevice(
  deps: AuthDeps,
  request: LoginRequest,
): Promise<'VERIFY_OTP' | 'VERIFY_DEVICE'> {
  await enforceLimits(deps, [[`session:ip:${request.ip}`, deps.config.rateLimits.sessionPerIp]])
  const user = await findUserByEmail(deps.db, request.email)
  if (!user) throw deviceApprovalExpired()
  const { waitSeconds, pollMs } = deps.config.deviceApproval
  // Counted in looks, not by the clock: an injected clock may stand still.
  const looks = Math.max(1, Math.ceil((waitSeconds * 1000) / pollMs))
  for (let look = 0; look < looks; look++) {
    if (look > 0) await deps.sleep(pollMs)
    const device = await findDevice(deps.db, user.id, request.device.jkt)
    if (!device) throw deviceApprovalExpired()
    if (device.approvedAt) {
      // Approved by the account's owner just now: its own device.
      await enforceLimits(deps, mailLimits(deps, request.email, request.ip, { trusted: true }))
      return sendLoginCode(deps, request)
    }
    if (!(await hasLiveApproval(deps, device.id))) throw deviceApprovalExpired()
  }
  return 'VERIFY_DEVICE'
}

/**
 * CONNECT_OTP: checks the code (limited per address and client address, on top of the code's own
 * attempts), then opens a session. The first login of an address makes the account and approves
 * this device; an existing account needs this device approved.
 */
export async function connectOtp(
  deps: AuthDeps,
  request: LoginRequest & { otp: string },
): Promise<AuthTokens> {
  await enforceLimits(deps, [
    [`verify:${request.email}:${request.ip}`, deps.config.rateLimits.verifyPerEmailIp],
  ])
  await verifyOtp(deps, {
    purpose: 'login',
    subject: request.email,
    code: request.otp,
    jkt: request.device.jkt,
  })
  const now = new Date(deps.now())
  let user = await findUserByEmail(deps.db, request.email)
  if (!user) {
    const account = await createAccount(deps.db, request.email, request.device, now)
    user = account.user
  }
  const device = await findDevice(deps.db, user.id, request.device.jkt)
  if (!device?.approvedAt) throw deviceNotVerified()
  await touchDevice(deps.db, device.id, now)
  return openSession(deps, {
    user,
    deviceId: device.id,
    jkt: request.device.jkt,
    projectId: request.projectId,
  })
}
