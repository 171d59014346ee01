import {
  FARCASTER_API_PATHS,
  FARCASTER_RELAY_PATHS,
  farcasterChannelTokenSchema,
} from '@latch/core/api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { channelUnknown } from '../auth/farcaster-errors.js'
import {
  authenticateChannel,
  channelStatus,
  createOpenChannel,
  type RelayCaller,
  type RelayDeps,
} from '../auth/farcaster-relay.js'
import {
  relayAuthenticateRequestSchema,
  relayChannelRequestSchema,
  relayChannelResponseSchema,
  relayStatusSchema,
} from '../auth/farcaster-relay-schemas.js'
import { AUTH_BODY_MAX_BYTES, clientIp } from '../auth/request.js'
import type { ProjectEnv } from '../http/project.js'
import { jsonBody, parseRequest, respond } from '../http/validate.js'

/** The relay's paths: the frame gate lets these through (see app.ts). */
export const FARCASTER_RELAY_ROUTES = `${FARCASTER_API_PATHS.relay}/*`

/** The longest user agent kept for the relay's `metadata`. */
const USER_AGENT_MAX = 512

/** Who called: the client address (for the limits and the app's view) and the browser. */
export function relayCaller(c: Context, deps: RelayDeps): RelayCaller {
  return {
    ip: clientIp(c, deps.auth),
    userAgent: (c.req.header('user-agent') ?? 'Unknown').slice(0, USER_AGENT_MAX),
  }
}

/** `Authorization: Bearer <channelToken>`, as auth-client sends it. @throws HttpError 401. */
function channelToken(c: Context): string {
  const [scheme, token, ...rest] = (c.req.header('authorization') ?? '').split(' ')
  const parsed = farcasterChannelTokenSchema.safeParse(token)
  if (scheme !== 'Bearer' || rest.length > 0 || !parsed.success) throw channelUnknown()
  return parsed.data
}

/**
 * The auth relay's channel endpoints, at the relay's own paths under
 * {@link FARCASTER_API_PATHS.relay}, so `createAppClient({ relay })` and a Farcaster app's wallet
 * client work unchanged. No project and no device proof: the Farcaster app (a phone, or a page
 * standing in for one) calls them with the channel token; any page may (CORS `*`, no cookies).
 */
export function farcasterRelayRoutes(deps: RelayDeps) {
  const app = new Hono<ProjectEnv>()
  app.use(
    FARCASTER_RELAY_ROUTES,
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST'],
      allowHeaders: ['content-type', 'authorization', 'x-farcaster-auth-relay-key'],
      maxAge: 600,
    }),
    async (c, next) => {
      // Channels carry signatures and who asked: never in a cache.
      c.header('cache-control', 'no-store')
      await next()
    },
  )
  app.post(FARCASTER_RELAY_PATHS.channel, async (c) => {
    const request = parseRequest(relayChannelRequestSchema, await jsonBody(c, AUTH_BODY_MAX_BYTES))
    const created = await createOpenChannel(deps, request, relayCaller(c, deps))
    return respond(c, relayChannelResponseSchema, created, 201)
  })
  app.post(FARCASTER_RELAY_PATHS.authenticate, async (c) => {
    const token = channelToken(c)
    const request = parseRequest(
      relayAuthenticateRequestSchema,
      await jsonBody(c, AUTH_BODY_MAX_BYTES),
    )
    const completed = await authenticateChannel(deps, token, request, relayCaller(c, deps))
    return respond(c, relayStatusSchema, completed, 201)
  })
  app.get(FARCASTER_RELAY_PATHS.status, async (c) => {
    const status = await channelStatus(deps, channelToken(c), relayCaller(c, deps))
    return respond(c, relayStatusSchema, status, status.state === 'completed' ? 200 : 202)
  })
  return app
}
