import {
  FARCASTER_API_PATHS,
  farcasterConnectRequestSchema,
  farcasterConnectResponseSchema,
  farcasterResultRequestSchema,
  farcasterResultResponseSchema,
  farcasterStartRequestSchema,
  farcasterStartResponseSchema,
} from '@latch/core/api'
import { Hono } from 'hono'
import type { AuthDeps } from '../auth/context.js'
import type { FarcasterConfig } from '../auth/farcaster-config.js'
import { farcasterNotConfigured } from '../auth/farcaster-errors.js'
import { connectFarcaster, farcasterResult, startFarcasterLogin } from '../auth/farcaster-login.js'
import type { RelayDeps } from '../auth/farcaster-relay.js'
import { farcasterVerifier } from '../auth/farcaster-verify.js'
import { readAuthRequest, type AuthRequest } from '../auth/request.js'
import type { SocialCaller } from '../auth/social-login.js'
import type { ProjectEnv } from '../http/project.js'
import { respond } from '../http/validate.js'
import { farcasterRelayRoutes, relayCaller } from './auth-farcaster-relay.js'

export { FARCASTER_RELAY_ROUTES } from './auth-farcaster-relay.js'

const callerOf = (request: AuthRequest<unknown>): SocialCaller => ({
  device: request.device,
  projectId: request.projectId,
  ip: request.ip,
})

/**
 * Sign in with Farcaster (issue 12; SPEC §7 GET_FARCASTER_URI, CONNECT_FARCASTER): the frame's
 * start, result and connect, each with a device proof like the email login's calls, and the auth
 * relay the Farcaster app calls. Without a `farcaster` section every one of them answers 404
 * FARCASTER_NOT_CONFIGURED.
 */
export function farcasterRoutes(auth: AuthDeps, config: FarcasterConfig | undefined) {
  const app = new Hono<ProjectEnv>()
  if (!config) {
    app.all('/v1/auth/farcaster/*', () => {
      throw farcasterNotConfigured()
    })
    return app
  }
  const deps: RelayDeps = { auth, config, verify: farcasterVerifier(config, auth.log) }
  app.post(FARCASTER_API_PATHS.start, async (c) => {
    const request = await readAuthRequest(c, auth, farcasterStartRequestSchema)
    const started = await startFarcasterLogin(deps, {
      ...callerOf(request),
      userAgent: relayCaller(c, deps).userAgent,
    })
    return respond(c, farcasterStartResponseSchema, started)
  })
  app.post(FARCASTER_API_PATHS.result, async (c) => {
    const request = await readAuthRequest(c, auth, farcasterResultRequestSchema)
    const result = await farcasterResult(deps, callerOf(request), request.body.flowId)
    return respond(c, farcasterResultResponseSchema, result)
  })
  app.post(FARCASTER_API_PATHS.connect, async (c) => {
    const request = await readAuthRequest(c, auth, farcasterConnectRequestSchema)
    const session = await connectFarcaster(deps, callerOf(request), request.body.flowId)
    return respond(c, farcasterConnectResponseSchema, session)
  })
  app.route('/', farcasterRelayRoutes(deps))
  return app
}
