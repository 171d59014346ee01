import { AUTH_API_PATHS } from '@latch/core/api'
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { deviceApprovals, devices, users } from '../db/schema.js'
import type { AuthDeps } from './context.js'
import { hmac, randomToken } from './crypto.js'
import { deviceApprovalMail } from './mail-templates.js'
import { sendMail } from './mail.js'
import type { Requester } from './request.js'

// A new device of an existing account is approved from a link mailed to the account's address.
// The link holds a random token; only its hash is stored. One live link per device: asking
// again replaces it.

const tokenHash = (deps: AuthDeps, token: string) => hmac(deps.keys.token, `approval:${token}`)

/**
 * A new approval link's token for a pending device, replacing any earlier one.
 * @returns the token, for the mail and nowhere else.
 */
export async function createApproval(
  deps: AuthDeps,
  deviceId: string,
  request: ApprovalRequest,
): Promise<string> {
  const now = deps.now()
  const token = randomToken()
  await deps.db.transaction(async (tx) => {
    await tx.delete(deviceApprovals).where(eq(deviceApprovals.deviceId, deviceId))
    await tx.insert(deviceApprovals).values({
      tokenHash: tokenHash(deps, token),
      deviceId,
      expiresAt: new Date(now + deps.config.deviceApproval.ttlSeconds * 1000),
      usedAt: null,
      createdAt: new Date(now),
      requestApp: request.app,
      requestBrowser: request.browser,
      requestIp: request.ip,
    })
  })
  return token
}

/**
 * Who asked for a device's approval: the project the link goes back to, and the app, browser and
 * address the mail and the link's page name, so the person can tell whether it was them.
 */
export interface ApprovalRequest extends Requester {
  projectId: string
  ip: string
}

/**
 * Mails the account's address a new approval link for its pending device (replacing any
 * earlier link): CONNECT_EMAIL on a new device, or a recovery refused to an unapproved one.
 */
export async function mailApprovalLink(
  deps: AuthDeps,
  email: string,
  deviceId: string,
  request: ApprovalRequest,
): Promise<void> {
  const token = await createApproval(deps, deviceId, request)
  const link = new URL(AUTH_API_PATHS.deviceApprove, deps.config.publicUrl)
  link.searchParams.set('projectId', request.projectId)
  link.searchParams.set('token', token)
  const asked = { ...request, at: new Date(deps.now()) }
  await sendMail(
    deps,
    deviceApprovalMail(email, link.href, deps.config.deviceApproval.ttlSeconds, asked),
  )
}

/** What the approval page shows about a link that still works. */
export interface PendingApproval {
  email: string
  requestedAt: Date
  /** Who asked (undefined for a link made before these were recorded). */
  requester: (Requester & { ip: string }) | undefined
}

/** The live (unused, unexpired) approval behind a token, if any. */
export async function findApproval(
  deps: AuthDeps,
  token: string,
): Promise<PendingApproval | undefined> {
  const [row] = await deps.db
    .select({
      email: users.email,
      requestedAt: deviceApprovals.createdAt,
      app: deviceApprovals.requestApp,
      browser: deviceApprovals.requestBrowser,
      ip: deviceApprovals.requestIp,
    })
    .from(deviceApprovals)
    .innerJoin(devices, eq(devices.id, deviceApprovals.deviceId))
    .innerJoin(users, eq(users.id, devices.userId))
    .where(
      and(
        eq(deviceApprovals.tokenHash, tokenHash(deps, token)),
        isNull(deviceApprovals.usedAt),
        gt(deviceApprovals.expiresAt, new Date(deps.now())),
      ),
    )
    .limit(1)
  // Approvals are only asked for accounts found by their address, so the email is there.
  if (!row?.email) return undefined
  const { app, browser, ip } = row
  const requester =
    app !== null && browser !== null && ip !== null ? { app, browser, ip } : undefined
  return { email: row.email, requestedAt: row.requestedAt, requester }
}

/**
 * Approves the device behind a live token, using the token up (atomically: a link approves
 * once, whatever runs at the same time).
 * @returns false when the token is unknown, used or expired.
 */
export async function approveDevice(deps: AuthDeps, token: string): Promise<boolean> {
  const now = new Date(deps.now())
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(deviceApprovals)
      .set({ usedAt: now })
      .where(
        and(
          eq(deviceApprovals.tokenHash, tokenHash(deps, token)),
          isNull(deviceApprovals.usedAt),
          gt(deviceApprovals.expiresAt, now),
        ),
      )
      .returning({ deviceId: deviceApprovals.deviceId })
    if (!used) return false
    await tx
      .update(devices)
      .set({ approvedAt: now })
      .where(and(eq(devices.id, used.deviceId), isNull(devices.approvedAt)))
    return true
  })
}

/** Whether the device still has a link that works (else waiting for it is pointless). */
export async function hasLiveApproval(deps: AuthDeps, deviceId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ deviceId: deviceApprovals.deviceId })
    .from(deviceApprovals)
    .where(
      and(
        eq(deviceApprovals.deviceId, deviceId),
        isNull(deviceApprovals.usedAt),
        gt(deviceApprovals.expiresAt, new Date(deps.now())),
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Approves a pending device of `userId` from another of its devices (already approved, and
 * signed in: the caller checks). Only a device of that same account, and only once.
 * @returns false when the account has no pending device with that key.
 */
export async function approveDeviceByKey(
  deps: AuthDeps,
  userId: string,
  jkt: string,
): Promise<boolean> {
  const now = new Date(deps.now())
  const [approved] = await deps.db
    .update(devices)
    .set({ approvedAt: now })
    .where(and(eq(devices.userId, userId), eq(devices.jkt, jkt), isNull(devices.approvedAt)))
    .returning({ id: devices.id })
  if (!approved) return false
  // Its mailed link, if any, has nothing left to approve.
  await deps.db.delete(deviceApprovals).where(eq(deviceApprovals.deviceId, approved.id))
  return true
}

/** Whether the device was approved (by any of the ways above). */
export async function isApprovedDevice(deps: AuthDeps, deviceId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), isNotNull(devices.approvedAt)))
    .limit(1)
  return row !== undefined
}
