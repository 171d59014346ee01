import {
  SOCIAL_API_PATHS,
  socialConnectRequestSchema,
  socialConnectResponseSchema,
  socialResultRequestSchema,
  socialResultResponseSchema,
  socialStartRequestSchema,
  socialStartResponseSchema,
} from '@latch/core/api'
import { Hono } from 'hono'
import type { AuthDeps } from '../auth/context.js'
import { readAuthRequest, type AuthRequest } from '../auth/request.js'
import { socialConfigSchema, type SocialConfig } from '../auth/social-config.js'
import {
  connectSocial,
  socialResult,
  startSocialLogin,
  type SocialCaller,
  type SocialDeps,
} from '../auth/social-login.js'
import type { ProjectEnv } from '../http/project.js'
import { respond } from '../http/validate.js'
import type { ProjectConfig } from '../config/schema.js'
import { socialBindRoutes } from './auth-social-bind.js'
import { socialCallbackRoutes } from './auth-social-callback.js'

export { SOCIAL_CALLBACK_ROUTES } from './auth-social-callback.js'

const callerOf = (request: AuthRequest<unknown>): SocialCaller => ({
  device: request.device,
  projectId: request.projectId,
  ip: request.ip,
})

/**
 * Social login (issue 12; SPEC §7 GET_SOCIAL_REDIRECT_URI, CONNECT_SOCIAL): start, result and
 * connect, each with a device proof like the email login's calls, and the providers' callback.
 * Without a `social` section every provider answers PROVIDER_NOT_CONFIGURED. The popup's first
 * page binds the flow to its browser (`ancestors`: who may open it for a project); a mini app's
 * flow (issue 29) comes back to a page of those same origins, with a return code instead.
 */
export function socialRoutes(
  auth: AuthDeps,
  config: SocialConfig | undefined,
  ancestors: (project: ProjectConfig) => readonly string[],
) {
  const deps: SocialDeps = { auth, config: config ?? socialConfigSchema.parse({}) }
  const app = new Hono<ProjectEnv>()
  app.post(SOCIAL_API_PATHS.start, async (c) => {
    const request = await readAuthRequest(c, auth, socialStartRequestSchema)
    const started = await startSocialLogin(
      deps,
      callerOf(request),
      request.body,
      ancestors(c.var.project),
    )
    return respond(c, socialStartResponseSchema, started)
  })
  app.post(SOCIAL_API_PATHS.result, async (c) => {
    const request = await readAuthRequest(c, auth, socialResultRequestSchema)
    const result = await socialResult(deps, callerOf(request), request.body)
    return respond(c, socialResultResponseSchema, result)
  })
  app.post(SOCIAL_API_PATHS.connect, async (c) => {
    const request = await readAuthRequest(c, auth, socialConnectRequestSchema)
    const session = await connectSocial(deps, callerOf(request), request.body)
    return respond(c, socialConnectResponseSchema, session)
  })
  app.route('/', socialBindRoutes({ ...deps, ancestors }))
  app.route('/', socialCallbackRoutes(deps))
  return app
}
