import {
  AUTH_API_PATHS,
  authTokensSchema,
  refreshRequestSchema,
  sessionRequestSchema,
  sessionResponseSchema,
  signOutRequestSchema,
  signOutResponseSchema,
} from '@latch/core/api'
import { Hono } from 'hono'
import { publicUser } from '../auth/accounts.js'
import type { AuthDeps } from '../auth/context.js'
import { enforceLimits } from '../auth/limits.js'
import { readAuthRequest } from '../auth/request.js'
import {
  authenticate,
  refreshSession,
  revokeSession,
  sessionOfRefreshToken,
} from '../auth/sessions.js'
import type { ProjectEnv } from '../http/project.js'
import { respond } from '../http/validate.js'

/** Refresh, IS_CONNECTED and SIGN_OUT (SPEC §7), each with a device proof. */
export function authSessionRoutes(deps: AuthDeps) {
  const app = new Hono<ProjectEnv>()

  app.post(AUTH_API_PATHS.refresh, async (c) => {
    const request = await readAuthRequest(c, deps, refreshRequestSchema)
    await enforceLimits(deps, [[`session:ip:${request.ip}`, deps.config.rateLimits.sessionPerIp]])
    const tokens = await refreshSession(deps, {
      refreshToken: request.body.refreshToken,
      jkt: request.device.jkt,
      projectId: request.projectId,
    })
    return respond(c, authTokensSchema, tokens)
  })

  // IS_CONNECTED: no token is "not connected"; an ended session too. A token that is not valid
  // (expired, forged, another project's) is SPEC §8's 'Session Expired', and another key's token
  // an invalid proof: both 401, so the frame can tell a thief's replay from a sign-out.
  app.post(AUTH_API_PATHS.session, async (c) => {
    const request = await readAuthRequest(c, deps, sessionRequestSchema)
    if (request.accessToken === undefined) {
      return respond(c, sessionResponseSchema, { isConnected: false })
    }
    const auth = await authenticate(deps, {
      accessToken: request.accessToken,
      jkt: request.device.jkt,
      projectId: request.projectId,
    })
    return respond(
      c,
      sessionResponseSchema,
      auth.state === 'live'
        ? { isConnected: true, user: publicUser(auth.user) }
        : { isConnected: false },
    )
  })

  // SIGN_OUT ends the session of the access token, or of the refresh token when the access token
  // expired. Signing out of an ended or unknown session is done already: still a success.
  app.post(AUTH_API_PATHS.signOut, async (c) => {
    const request = await readAuthRequest(c, deps, signOutRequestSchema)
    const { jkt } = request.device
    if (request.accessToken !== undefined) {
      const auth = await authenticate(deps, {
        accessToken: request.accessToken,
        jkt,
        projectId: request.projectId,
      })
      await revokeSession(deps, auth.sessionId, 'sign-out')
    }
    if (request.body.refreshToken !== undefined) {
      const sessionId = await sessionOfRefreshToken(deps, request.body.refreshToken, jkt)
      if (sessionId !== undefined) await revokeSession(deps, sessionId, 'sign-out')
    }
    return respond(c, signOutResponseSchema, { signedOut: true })
  })

  return app
}
