import {
  createWalletRequestSchema,
  createWalletResponseSchema,
  CUSTODY_API_PATHS,
  custodyStatusRequestSchema,
  custodyStatusResponseSchema,
  recoverWalletRequestSchema,
  recoverWalletResponseSchema,
} from '@latch/core/api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { UserRow } from '../auth/accounts.js'
import { enforceLimits } from '../auth/limits.js'
import { readAuthRequest } from '../auth/request.js'
import { requireSignedIn } from '../auth/sessions.js'
import type { CustodyDeps } from '../custody/context.js'
import { createWallet, findWallet, releaseShares } from '../custody/wallets.js'
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
): Promise<{ body: T; user: UserRow; sessionId: string; ip: string }> {
  const request = await readAuthRequest(c, deps.auth, schema)
  await enforceLimits(deps.auth, [[`custody:ip:${request.ip}`, deps.config.rateLimits.callsPerIp]])
  const { user, sessionId } = await requireSignedIn(deps.auth, {
    accessToken: request.accessToken,
    jkt: request.device.jkt,
    projectId: request.projectId,
  })
  return { body: request.body, user, sessionId, ip: request.ip }
}

/**
 * The embedded wallet's key custody (docs/security.md): its status, its creation (the two
 * server-held shares, once per user) and the release of those shares to a freshly signed-in
 * device. Under `/v1/auth/*`, so only the secure frame's origin reaches them.
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

  app.post(CUSTODY_API_PATHS.recover, async (c) => {
    const { user, sessionId } = await readCustodyCall(c, deps, recoverWalletRequestSchema)
    // Counted before anything is read: a refused release still counts against the user.
    await enforceLimits(deps.auth, [
      [`custody:recover:${user.id}`, deps.config.rateLimits.recoverPerUser],
    ])
    return respond(c, recoverWalletResponseSchema, await releaseShares(deps, { user, sessionId }))
  })

  return app
}
