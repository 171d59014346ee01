import type { ServerMode } from '@latch/core/api'
import { Hono } from 'hono'
import { except } from 'hono/combine'
import { createAuthDeps } from './auth/context.js'
import { authBodyLimit, requireFrame } from './auth/frame-gate.js'
import type { Mailer } from './auth/mailer.js'
import { checkedServerMode } from './config/production.js'
import type { ServerConfig } from './config/schema.js'
import type { Db } from './db/database.js'
import { createCustodyDeps } from './custody/context.js'
import type { RouteDeps } from './deps.js'
import { answerError, HttpError } from './http/errors.js'
import { requireProject, type ProjectEnv } from './http/project.js'
import { redactingLog } from './http/redact.js'
import { frameRpcBudget } from './rpc/budget.js'
import { accountBalanceRoutes } from './routes/account-balance.js'
import { accountHistoryRoutes } from './routes/account-history.js'
import { accountNftsRoutes } from './routes/account-nfts.js'
import { eventRoutes } from './routes/events.js'
import { identityRoutes } from './routes/identity.js'
import { priceRoutes } from './routes/price.js'
import { profileRoutes } from './routes/profile.js'
import { imageRoutes } from './routes/images.js'
import { projectConfigRoutes } from './routes/project-config.js'
import { authDeviceApprovalRoutes } from './routes/auth-device-approval.js'
import { authEmailUpdateRoutes } from './routes/auth-email-update.js'
import { authLoginRoutes } from './routes/auth-login.js'
import { authSessionRoutes } from './routes/auth-session.js'
import { FARCASTER_RELAY_ROUTES, farcasterRoutes } from './routes/auth-farcaster.js'
import { SOCIAL_CALLBACK_ROUTES, socialRoutes } from './routes/auth-social.js'
import { custodyRoutes } from './routes/custody.js'
import {
  frameAncestors,
  SECURE_FRAME_PATH,
  secureFrameDist,
  secureFrameRoutes,
} from './routes/secure-frame.js'
import { rpcProxy, rpcRoutes } from './routes/rpc.js'
import { siwxRoutes } from './routes/siwx.js'
import { siwxSessionRoutes } from './routes/siwx-sessions.js'
import { requireSiwxProject, SIWX_ROUTES } from './siwx/gate.js'
import { walletRoutes } from './routes/wallets.js'

/** What the routes need besides the configuration. */
export interface AppDeps {
  db: Db
  /** Upstream calls (the RPC proxy); `globalThis.fetch` by default. */
  fetch?: typeof fetch
  /** The clock (rate-limit windows); `Date.now` by default. */
  now?: () => number
  /** Where unexpected errors are logged, redacted (see redactForLog); stderr by default. */
  log?: (error: unknown) => void
  /** Email login's mail (`auth`); SMTP from `auth.smtp` by default. */
  mailer?: Mailer
  /**
   * Where `LATCH_AUTH_SECRET`, `LATCH_CUSTODY_KEY` and `NODE_ENV` are read; process.env by
   * default.
   */
  env?: Record<string, string | undefined>
  /**
   * Development or production (config/mode.ts); else `NODE_ENV`'s, else development only on a
   * loopback `auth.publicUrl`. Production refuses development secrets (config/production.ts) and
   * lets only each project's own origins embed the frame.
   */
  mode?: ServerMode
  /** The custody vault's database (a second one, in tests); else `custody.vaultDatabaseUrl`'s or `db`. */
  custodyVault?: Db
  /** The folder a relative `secureFrame.distDir` is read from; the working directory by default. */
  configDir?: string
  /**
   * Where the app leaves what must be closed with the server (a custody vault database it opened);
   * `createServer` runs them on close.
   */
  closers?: Array<() => Promise<void>>
}

/** The email login's routes: the secure frame's, behind their own gate. */
const AUTH_ROUTES = '/v1/auth/*'
/** The secure frame's page, assets and RPC: each checks the project itself. */
const FRAME_ROUTES = `${SECURE_FRAME_PATH}*`

/**
 * The server's HTTP app: one route module per SPEC §7 family, behind one project gate (project
 * id, origin, CORS) and one error handler (JSON bodies, no stack traces). The email login's
 * routes (`/v1/auth/*`, when `auth` is configured) have their own gate: the same project check,
 * but only the secure frame's origin.
 */
export function createApp(config: ServerConfig, deps: AppDeps): Hono<ProjectEnv> {
  // First: a production server with a development secret must not serve a single request.
  const mode = checkedServerMode(config, { mode: deps.mode, env: deps.env ?? process.env })
  const routeDeps: RouteDeps = {
    config,
    db: deps.db,
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: deps.now ?? Date.now,
  }
  // Redacted whoever logs: a failed query's parameters may hold a share or a token.
  const log = redactingLog(deps.log ?? ((error: unknown) => console.error('[latch-server]', error)))
  const app = new Hono<ProjectEnv>()
  app.onError((error, c) => answerError(error, c, log))
  app.notFound((c) => c.json(new HttpError(404, 'Not found').body(), 404))
  // Liveness for load balancers: the only route without a project.
  app.get('/health', (c) => c.json({ ok: true }))
  app.use('*', except([AUTH_ROUTES, FRAME_ROUTES, SIWX_ROUTES], requireProject(config)))
  // Sign in with the wallet (issue 30): the host page's, with its own gate (siwx/gate.ts).
  app.use(SIWX_ROUTES, requireSiwxProject(config))
  app.route('/', siwxRoutes(routeDeps))
  app.route('/', siwxSessionRoutes(routeDeps))
  app.route('/', projectConfigRoutes(routeDeps))
  app.route('/', rpcRoutes(routeDeps))
  app.route('/', walletRoutes(routeDeps))
  app.route('/', imageRoutes(routeDeps))
  app.route('/', eventRoutes(routeDeps))
  // SPEC §7 blockchain-data API (issue 11): balances, history, identity, prices.
  app.route('/', accountBalanceRoutes(routeDeps))
  app.route('/', accountHistoryRoutes(routeDeps))
  app.route('/', accountNftsRoutes(routeDeps))
  app.route('/', identityRoutes(routeDeps))
  app.route('/', priceRoutes(routeDeps))
  // SPEC §7 name service: a send to a name, the identity's fallback.
  app.route('/', profileRoutes(routeDeps))
  if (config.auth) {
    const auth = createAuthDeps(config.auth, {
      db: deps.db,
      now: routeDeps.now,
      log,
      ...(deps.mailer ? { mailer: deps.mailer } : {}),
      ...(deps.env ? { env: deps.env } : {}),
    })
    // Only the secure frame's origin gets in, not the project's host pages (see requireFrame).
    // A provider's redirect to the social callback has neither a project id nor that origin, nor
    // has a Farcaster app calling the relay.
    app.use(
      AUTH_ROUTES,
      except([SOCIAL_CALLBACK_ROUTES, FARCASTER_RELAY_ROUTES], requireFrame(config, config.auth)),
      authBodyLimit(),
    )
    app.route('/', authLoginRoutes(auth))
    app.route('/', authDeviceApprovalRoutes(auth))
    app.route('/', authSessionRoutes(auth))
    app.route('/', authEmailUpdateRoutes(auth))
    app.route(
      '/',
      socialRoutes(auth, config.social, (project) => frameAncestors(config, project, mode)),
    )
    app.route('/', farcasterRoutes(auth, config.farcaster))
    // Key custody of the embedded wallet (docs/security.md): under the same frame-only gate.
    const custody = createCustodyDeps(auth, {
      config: config.custody,
      env: deps.env ?? process.env,
      ...(deps.custodyVault ? { vault: deps.custodyVault } : {}),
    })
    deps.closers?.push(() => custody.close())
    app.route('/', custodyRoutes(custody))
    // The secure frame itself, on this server's origin (issue 17).
    app.route(
      '/',
      secureFrameRoutes({
        config,
        auth: config.auth,
        mode,
        distDir: secureFrameDist(config, deps.configDir),
        rpc: rpcProxy(routeDeps, (c, body) => frameRpcBudget(c, auth, body)),
      }),
    )
  } else {
    app.all(AUTH_ROUTES, (c) =>
      c.json(new HttpError(404, 'Email login is not configured on this server').body(), 404),
    )
    app.all(FRAME_ROUTES, (c) =>
      c.json(new HttpError(404, 'Email login is not configured on this server').body(), 404),
    )
  }
  return app
}
