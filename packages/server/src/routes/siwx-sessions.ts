import {
  isAddressForNamespace,
  isCaipNetworkId,
  SIWX_API_PATHS,
  siwxMeResponseSchema,
  siwxNamespaceOf,
  siwxSessionListSchema,
} from '@latch/core/api'
import { Hono, type Context } from 'hono'
import type { RouteDeps } from '../deps.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { respond } from '../http/validate.js'
import { notYourSession, sessionExpired } from '../siwx/errors.js'
import { canonicalAddress } from '../siwx/message.js'
import {
  liveSessions,
  revokeSession,
  sessionById,
  sessionInfo,
  sessionOfToken,
  type StoredSession,
} from '../siwx/store.js'

/** A session token as the server makes them (base64url of 32 bytes; core's schema's range). */
const TOKEN = /^[A-Za-z0-9_-]{32,128}$/

/** `Authorization: Bearer <token>`'s token; anything else reads as no session. */
function bearerToken(c: Context): string {
  const [scheme, token, ...rest] = (c.req.header('authorization') ?? '').split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0 || !TOKEN.test(token)) {
    throw sessionExpired()
  }
  return token
}

/** Whether two sessions are of one account (the address is stored in one spelling). */
const sameAccount = (a: StoredSession, b: { chainId: string; address: string }) =>
  a.chainId === b.chainId && a.address === b.address

/**
 * The sign-in's sessions (core's `api/siwx.ts`), each call with the session's bearer token:
 * `GET /v1/siwx/me` (what a host's backend asks), the account's sessions, sign-out and revoking
 * another of the account's sessions. A token that is unknown, expired, signed out or another
 * project's is SPEC §8's 'Session Expired' (401).
 */
export function siwxSessionRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  const session = async (c: Context<ProjectEnv>) => {
    const row = await sessionOfToken(deps.db, c.var.project.id, bearerToken(c), deps.now())
    if (!row) throw sessionExpired()
    return row
  }

  app.get(SIWX_API_PATHS.me, async (c) =>
    respond(c, siwxMeResponseSchema, { session: sessionInfo(await session(c)) }),
  )

  app.get('/v1/siwx/accounts/:chainId/:address/sessions', async (c) => {
    const mine = await session(c)
    const account = accountParam(c.req.param('chainId'), c.req.param('address'))
    if (!sameAccount(mine, account)) throw notYourSession()
    const rows = await liveSessions(
      deps.db,
      { projectId: c.var.project.id, ...account },
      deps.now(),
    )
    return respond(c, siwxSessionListSchema, { sessions: rows.map(sessionInfo) })
  })

  app.post(SIWX_API_PATHS.signOut, async (c) => {
    const mine = await session(c)
    await revokeSession(deps.db, c.var.project.id, mine.id, deps.now())
    return c.json({})
  })

  app.post('/v1/siwx/sessions/:id/revoke', async (c) => {
    const mine = await session(c)
    const target = await sessionById(deps.db, c.var.project.id, c.req.param('id'))
    if (!target) throw new HttpError(404, 'No such session')
    if (!sameAccount(mine, target)) throw notYourSession()
    // Revoking a session that already ended changes nothing, and says so the same way.
    await revokeSession(deps.db, c.var.project.id, target.id, deps.now())
    return c.json({})
  })
  return app
}

/**
 * The account a path names, spelled as sessions store it (EIP-55 for eip155, so any case of an
 * EVM address finds its sessions).
 * @throws HttpError 400 when it is no account of a sign-in chain.
 */
function accountParam(chainId: string, address: string): { chainId: string; address: string } {
  const namespace = isCaipNetworkId(chainId) ? siwxNamespaceOf(chainId) : undefined
  if (namespace === undefined || !isAddressForNamespace(namespace, address)) {
    throw new HttpError(400, 'Invalid account', [
      { path: ['chainId', 'address'], message: 'Not an account of a sign-in chain' },
    ])
  }
  return { chainId, address: canonicalAddress(chainId, address) }
}
