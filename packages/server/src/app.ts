import { Hono } from 'hono'
import type { ServerConfig } from './config/schema.js'
import type { Db } from './db/database.js'
import type { RouteDeps } from './deps.js'
import { answerError, HttpError } from './http/errors.js'
import { requireProject, type ProjectEnv } from './http/project.js'
import { eventRoutes } from './routes/events.js'
import { imageRoutes } from './routes/images.js'
import { projectConfigRoutes } from './routes/project-config.js'
import { rpcRoutes } from './routes/rpc.js'
import { walletRoutes } from './routes/wallets.js'

/** What the routes need besides the configuration. */
export interface AppDeps {
  db: Db
  /** Upstream calls (the RPC proxy); `globalThis.fetch` by default. */
  fetch?: typeof fetch
  /** The clock (rate-limit windows); `Date.now` by default. */
  now?: () => number
  /** Where unexpected errors are logged; stderr by default. */
  log?: (error: unknown) => void
}

/**
 * The server's HTTP app: one route module per SPEC §7 family, behind one project gate (project
 * id, origin, CORS) and one error handler (JSON bodies, no stack traces).
 */
export function createApp(config: ServerConfig, deps: AppDeps): Hono<ProjectEnv> {
  const routeDeps: RouteDeps = {
    config,
    db: deps.db,
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: deps.now ?? Date.now,
  }
  const log = deps.log ?? ((error: unknown) => console.error('[latch-server]', error))
  const app = new Hono<ProjectEnv>()
  app.onError((error, c) => answerError(error, c, log))
  app.notFound((c) => c.json(new HttpError(404, 'Not found').body(), 404))
  // Liveness for load balancers: the only route without a project.
  app.get('/health', (c) => c.json({ ok: true }))
  app.use('*', requireProject(config))
  app.route('/', projectConfigRoutes(routeDeps))
  app.route('/', rpcRoutes(routeDeps))
  app.route('/', walletRoutes(routeDeps))
  app.route('/', imageRoutes(routeDeps))
  app.route('/', eventRoutes(routeDeps))
  return app
}
