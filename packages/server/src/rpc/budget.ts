import { ACCESS_TOKEN_SCHEME, DEVICE_PROOF_HEADER } from '@latch/core/api'
import type { Context } from 'hono'
import type { AuthDeps } from '../auth/context.js'
import { spendProof, verifyProof } from '../auth/proof.js'
import { authenticate } from '../auth/sessions.js'
import type { ProjectConfig } from '../config/schema.js'
import type { ProjectEnv } from '../http/project.js'
import type { RateLimit } from '../limits/rate-limit.js'

// Whose budget a JSON-RPC call spends (finding 7). Anonymous clients of `/v1/` share the
// project's `rpcRateLimit`; the secure frame of a signed-in user, calling its own route with the
// session's access token and a device proof over this very call, spends that user's
// `frameRpcRateLimit`. So no
// number of anonymous calls starves the frame's own reads, and a signed-in user spends only
// their own budget.

/** The counter a call is counted on, and its limit. */
export interface RpcBudget {
  key: string
  limit: RateLimit
}

const windowOf = (limit: { requests: number; windowSeconds: number }): RateLimit => ({
  requests: limit.requests,
  windowMs: limit.windowSeconds * 1000,
})

/** The signed-in user of a call with a live session's token and a valid, unused proof. */
async function signedInUser(
  c: Context<ProjectEnv>,
  auth: AuthDeps,
  body: string,
): Promise<string | undefined> {
  const [scheme, accessToken, ...rest] = (c.req.header('authorization') ?? '').split(' ')
  if (scheme !== ACCESS_TOKEN_SCHEME || !accessToken || rest.length > 0) return undefined
  try {
    const now = auth.now()
    const proven = await verifyProof({
      proof: c.req.header(DEVICE_PROOF_HEADER),
      method: c.req.method,
      url: `${auth.config.publicUrl}${c.req.path}`,
      body,
      accessToken,
      now,
    })
    await spendProof(auth.db, proven, now)
    const session = await authenticate(auth, {
      accessToken,
      jkt: proven.jkt,
      projectId: c.var.project.id,
    })
    return session.state === 'live' ? session.user.id : undefined
  } catch {
    // A bad token or proof proves nothing: the call is anonymous, and counted as such.
    return undefined
  }
}

/** The project's budget, shared by every anonymous client of `/v1/`. */
export const anonymousRpcBudget = (project: ProjectConfig): RpcBudget => ({
  key: `rpc:${project.id}`,
  limit: windowOf(project.rpcRateLimit),
})

/**
 * The budget of one call to the frame's RPC route: the signed-in user's own when the call
 * proves a live session (see {@link signedInUser}), else the project's anonymous one (a frame
 * before its login is no one in particular).
 */
export async function frameRpcBudget(
  c: Context<ProjectEnv>,
  auth: AuthDeps,
  body: string,
): Promise<RpcBudget> {
  const { project } = c.var
  const userId = await signedInUser(c, auth, body)
  if (userId === undefined) return anonymousRpcBudget(project)
  return { key: `rpc:frame:${project.id}:${userId}`, limit: windowOf(project.frameRpcRateLimit) }
}
