import { allowedOriginsSchema, analyticsConfigSchema, projectConfigSchema } from '@latch/core/api'
import { Hono } from 'hono'
import type { RouteDeps } from '../deps.js'
import type { ProjectEnv } from '../http/project.js'
import { respond } from '../http/validate.js'

/**
 * SPEC §7 project configuration: `GET /appkit/v1/config` (features), `GET /projects/v1/origins`
 * (allowedOrigins) and `GET /getAnalyticsConfig` (isAnalyticsEnabled), from the config file.
 */
export function projectConfigRoutes(_deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  app.get('/appkit/v1/config', (c) =>
    respond(c, projectConfigSchema, { features: c.var.project.features.map((f) => ({ ...f })) }),
  )
  app.get('/projects/v1/origins', (c) =>
    respond(c, allowedOriginsSchema, { allowedOrigins: [...c.var.project.allowedOrigins] }),
  )
  app.get('/getAnalyticsConfig', (c) =>
    respond(c, analyticsConfigSchema, { isAnalyticsEnabled: c.var.project.analytics }),
  )
  return app
}
