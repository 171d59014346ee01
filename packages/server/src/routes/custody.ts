import {
  approveDeviceRequestSchema,
  approveDeviceResponseSchema,
  createWalletRequestSchema,
  createWalletResponseSchema,
  CUSTODY_API_PATHS,
  custodyStatusRequestSchema,
  custodyStatusResponseSchema,
  recoverWalletRequestSchema,
  recoverServerShareResponseSchema,
  recoverVaultShareResponseSchema,
} from '@latch/core/api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { UserRow } from '../auth/accounts.js'
import { approveDeviceByKey, isApprovedDevice } from '../auth/device-approval.js'
import { enforceLimits } from '../auth/limits.js'
import { readAuthRequest, requesterOf } from '../auth/request.js'
import { requireSignedIn } from '../auth/sessions.js'
import type { CustodyDeps } from '../custody/context.js'
import { deviceNotApproved, noPendingDevice } from '../custody/errors.js'
import { createWallet, findWallet, releaseShare, type ShareName } from '../custody/wallets.js'
import type { ProjectEnv } from '../http/project.js'
import { respond, type Schema } from '../http/validate.js'

/**
 * Reads a custody call: the body, the device proof, the access token of a live session bound to
 * that key (401 'Session Expired' without one), and the per-address limit.
 */
async function readCustodyCall<T>(
  c: Context<ProjectEnv>,
  deps: CustodyDeps,
  schema: Schema<T>,
): Promise<{ body: T; user: UserRow; sessionId: string; deviceId: string; ip: string }> {
  const request = await readAuthRequest(c, deps.auth, schema)
  await enforceLimits(deps.auth, [[`custody:ip:${request.ip}`, deps.config.rateLimits.callsPerIp]])
  const { user, sessionId, deviceId } = await requireSignedIn(deps.auth, {
    accessToken: request.accessToken,
    jkt: request.device.jkt,
    projectId: request.projectId,
  })
  return { body: request.body, user, sessionId, deviceId, ip: request.ip }
}

/**
 * The embedded wallet's key custody (docs/security.md): its status, its creation (the two
 * server-held shares, once per user), the release of those shares to a freshly signed-in,
 * approved device, and the approval of a new device from one already approved. Under `/v1/auth/*`, so only the secure frame's origin reaches them.
 */
export function custodyRoutes(deps: CustodyDeps) {
  const app = new Hono<ProjectEnv>()

  app.post(CUSTODY_API_PATHS.status, async (c) => {
    const { user } = await readCustodyCall(c, deps, custodyStatusRequestSchema)
    const wallet = await findWallet(deps, user.id)
    return respond(c, custodyStatusResponseSchema, {
      wallet: wallet ? { address: wallet.address } : null,
    })
  })

  app.post(CUSTODY_API_PATHS.wallet, async (c) => {
    const { user, body } = await readCustodyCall(c, deps, createWalletRequestSchema)
    const wallet = await createWallet(deps, user, body)
    return respond(c, createWalletResponseSchema, { address: wallet.address }, 201)
  })

  // Shares 2 and 3 in two calls, so no one answer (or log of one) holds both; each is limited
  // per user on its own, counted before anything is read (a refused release still counts).
  const recover = async (c: Context<ProjectEnv>, share: ShareName) => {
    const { user, sessionId, ip } = await readCustodyCall(c, deps, recoverWalletRequestSchema)
    await enforceLimits(deps.auth, [
      [`custody:recover:${share}:${user.id}`, deps.config.rateLimits.recoverPerUser],
    ])
    const login = { user, sessionId, projectId: c.var.project.id, ip, notice: requesterOf(c) }
    return releaseShare(deps, login, share)
  }
  app.post(CUSTODY_API_PATHS.recoverServerShare, async (c) => {
    const { address, share } = await recover(c, 'server')
    return respond(c, recoverServerShareResponseSchema, { address, serverShare: share })
  })
  app.post(CUSTODY_API_PATHS.recoverVaultShare, async (c) => {
    const { address, share } = await recover(c, 'vault')
    return respond(c, recoverVaultShareResponseSchema, { address, vaultShare: share })
  })

  // The second factor from a device the account already trusts: it names the new device by its
  // key's thumbprint (which the new device shows), and only an approved device may.
  app.post(CUSTODY_API_PATHS.approveDevice, async (c) => {
    const { user, deviceId, body } = await readCustodyCall(c, deps, approveDeviceRequestSchema)
    if (!(await isApprovedDevice(deps.auth, deviceId))) throw deviceNotApproved(false)
    if (!(await approveDeviceByKey(deps.auth, user.id, body.jkt))) throw noPendingDevice()
    return respond(c, approveDeviceResponseSchema, { approved: true })
  })

  return app
}
