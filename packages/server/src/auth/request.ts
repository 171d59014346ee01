import { getConnInfo } from '@hono/node-server/conninfo'
import { ACCESS_TOKEN_SCHEME, DEVICE_PROOF_HEADER } from '@latch/core/api'
import type { Context } from 'hono'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest, type Schema } from '../http/validate.js'
import { describeBrowser } from './browser.js'
import type { AuthDeps } from './context.js'
import { sessionExpired } from './errors.js'
import { spendProof, verifyProof, type ProvenDevice } from './proof.js'

/** The largest auth request body: an address and a code, or a token, are a few hundred bytes. */
export const AUTH_BODY_MAX_BYTES = 4096

/** Who sent the request when nothing better is known (an in-process call, in tests). */
const UNKNOWN_CLIENT = 'unknown'

/**
 * The client's address, for the rate limits: the configured proxy header's last entry (what the
 * proxy itself saw) when `auth.clientIpHeader` is set, else the socket's address. Without that
 * setting a forwarded-for header is ignored: any client can write one.
 */
export function clientIp(
  c: Context,
  deps: { config: { clientIpHeader?: string | undefined } },
): string {
  const header = deps.config.clientIpHeader
  if (header !== undefined) {
    const last = c.req.header(header)?.split(',').at(-1)?.trim()
    if (last) return last.slice(0, 64)
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT
  } catch {
    // No Node socket behind the request (`app.fetch` called in process).
    return UNKNOWN_CLIENT
  }
}

/** A checked auth request. */
export interface AuthRequest<T> {
  body: T
  /** The device key that signed the request's proof. */
  device: ProvenDevice
  /** `Authorization: DPoP <token>`'s token, when sent. */
  accessToken: string | undefined
  projectId: string
  ip: string
  /** The app and browser a mail about this request names (never the raw User-Agent). */
  requester: Requester
}

/** Who a mail about a request names: the app it came through and the browser that sent it. */
export interface Requester {
  /** The project's name, else its id. */
  app: string
  /** See describeBrowser. */
  browser: string
}

/** The requester of a call to a project's routes. */
export function requesterOf(c: Context<ProjectEnv>): Requester {
  const { project } = c.var
  return { app: project.name ?? project.id, browser: describeBrowser(c.req.header('user-agent')) }
}

/** The access token of `Authorization: DPoP <token>`; a bearer token is refused. */
function accessTokenOf(c: Context): string | undefined {
  const header = c.req.header('authorization')
  if (header === undefined) return undefined
  const [scheme, token, ...rest] = header.split(' ')
  if (scheme !== ACCESS_TOKEN_SCHEME || !token || rest.length > 0 || token.length > 4096) {
    throw sessionExpired()
  }
  return token
}

/**
 * Reads an auth call: its JSON body, checked with the shared schema (400 with the issues), then
 * its device proof over exactly that body and the access token if one came (401), then spends
 * the proof so it is never accepted again.
 */
export async function readAuthRequest<T>(
  c: Context<ProjectEnv>,
  deps: AuthDeps,
  schema: Schema<T>,
): Promise<AuthRequest<T>> {
  const text = await c.req.text()
  if (text.length > AUTH_BODY_MAX_BYTES) throw new HttpError(413, 'Request body too large')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Invalid request', [{ path: [], message: 'Body is not JSON' }])
  }
  const body = parseRequest(schema, json)
  const accessToken = accessTokenOf(c)
  const now = deps.now()
  const proven = await verifyProof({
    proof: c.req.header(DEVICE_PROOF_HEADER),
    method: c.req.method,
    url: `${deps.config.publicUrl}${c.req.path}`,
    body: text,
    accessToken,
    now,
  })
  await spendProof(deps.db, proven, now)
  return {
    body,
    device: { jwk: proven.jwk, jkt: proven.jkt },
    accessToken,
    projectId: c.var.project.id,
    ip: clientIp(c, deps),
    requester: requesterOf(c),
  }
}
