import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  claimedFrameAncestor,
  projectFrameAncestors,
  SOCIAL_POPUP_PATH,
  type ServerMode,
} from '@latch/core/api'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requireFrame } from '../auth/frame-gate.js'
import type { AuthConfig, ProjectConfig, ServerConfig } from '../config/schema.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { RPC_MAX_BODY_BYTES } from './rpc.js'

/** Where the frame is served: its page, its assets, and its RPC. */
export const SECURE_FRAME_PATH = '/secure-frame/'
/** The frame's JSON-RPC route: the server's proxy, for the frame's origin only. */
export const SECURE_FRAME_RPC_PATH = `${SECURE_FRAME_PATH}rpc`

/** The workspace's build of apps/secure-frame, from src/routes or dist/routes alike. */
const WORKSPACE_DIST = fileURLToPath(new URL('../../../../apps/secure-frame/dist', import.meta.url))

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** The frame app's folder: the configured one, else the workspace's build when there is one. */
export function secureFrameDist(
  config: ServerConfig,
  configDir = process.cwd(),
): string | undefined {
  const configured = config.secureFrame?.distDir
  if (configured !== undefined) return resolve(configDir, configured)
  return existsSync(resolve(WORKSPACE_DIST, 'index.html')) ? WORKSPACE_DIST : undefined
}

/**
 * Who may embed the frame for a project: its allowed origins (as patterns), and in development
 * mode the configuration's development ancestors (SPEC's defaults unless it names others).
 */
export function frameAncestors(
  config: ServerConfig,
  project: ProjectConfig,
  mode: ServerMode,
): string[] {
  return projectFrameAncestors(
    project.allowedOrigins,
    mode,
    config.secureFrame?.developmentAncestors,
  )
}

/**
 * The frame page's CSP: its own scripts, styles and calls only, and `frame-ancestors` from the
 * project. `claimed` (the `parentOrigin` the host's client put in the URL) is written too only
 * as an exact origin the ancestors already allow, so no claim widens them: a page the project
 * does not allow is blocked by the browser, whatever it claims, and its own calls to this
 * server get 403 ('Invalid App Configuration').
 */
export function frameCsp(ancestors: readonly string[], claimed: string | undefined): string {
  const exact = claimedFrameAncestor(claimed, ancestors)
  const sources = exact === undefined ? ancestors : [...ancestors, exact]
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${sources.length > 0 ? [...new Set(sources)].join(' ') : "'none'"}`,
  ].join('; ')
}

/**
 * The social popup's first page's CSP: the frame's (its own script, which calls this server to
 * bind the flow, issue 29), and never framed: it is a top-level window, for any project.
 */
export const SOCIAL_POPUP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** What the route module needs. */
export interface SecureFrameDeps {
  config: ServerConfig
  auth: AuthConfig
  /** The server's mode: whether the development ancestors may embed the frame. */
  mode: ServerMode
  /** The built app's folder; undefined: the page answers 404 (not built). */
  distDir: string | undefined
  /**
   * The RPC proxy's handler, counting on the frame's budget: the signed-in user's own (see
   * rpc/budget.ts), never the anonymous clients' alone.
   */
  rpc: (c: Context<ProjectEnv>) => Promise<Response>
}

/**
 * The secure frame on the server's own origin (issue 17): `GET /secure-frame/?projectId=…`, the
 * page with the project's configuration and CSP; `GET /secure-frame/social-popup`, the social
 * login popup's loading page (issue 12); `GET /secure-frame/assets/*`, their hashed files;
 * `POST /secure-frame/rpc?projectId&chainId`, the chain RPC proxy for the frame's origin alone
 * (the project gate would refuse it: the frame's origin is not a host page's).
 */
export function secureFrameRoutes(deps: SecureFrameDeps) {
  const app = new Hono<ProjectEnv>()
  const projects = new Map(deps.config.projects.map((project) => [project.id, project]))
  const chains = deps.config.chains
    .filter((chain) => chain.caipNetworkId.startsWith('eip155:'))
    .map((chain) => {
      const id = Number(chain.caipNetworkId.slice('eip155:'.length))
      return { id, name: `Chain ${id}` }
    })
  let page: Promise<string> | undefined
  let popup: string | undefined

  app.get(SECURE_FRAME_PATH, async (c) => {
    const distDir = deps.distDir
    if (distDir === undefined)
      throw new HttpError(404, 'The secure frame is not built on this server')
    const project = projects.get(c.req.query('projectId') ?? '')
    if (!project) throw new HttpError(403, 'Invalid App Configuration: unknown project id')
    page ??= readFile(resolve(distDir, 'index.html'), 'utf8')
    const ancestors = frameAncestors(deps.config, project, deps.mode)
    const frameConfig = {
      apiUrl: deps.auth.publicUrl,
      rpcUrl: `${deps.auth.publicUrl}${SECURE_FRAME_RPC_PATH}`,
      projectId: project.id,
      allowedAncestors: ancestors,
      chains,
    }
    // JSON in a script element: `<` escaped, so no value can close the element.
    const json = JSON.stringify(frameConfig).replaceAll('<', '\\u003c')
    const html = (await page).replace(
      /(<script type="application\/json" id="latch-frame-config">)[^<]*(<\/script>)/,
      (_match, open: string, close: string) => `${open}${json}${close}`,
    )
    return c.html(html, 200, {
      'content-security-policy': frameCsp(ancestors, c.req.query('parentOrigin')),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
    })
  })

  // The same page for every project, so no project id: the host opens it before it asks the
  // frame anything, and posts it the project with the binding. No COOP: the page needs its
  // opener (the host, another origin) to post it the binding, and the host its handle on the
  // popup to see it closed.
  app.get(SOCIAL_POPUP_PATH, async (c) => {
    const distDir = deps.distDir
    // Kept once read; a build from before the page existed has none: not built, not an error.
    popup ??=
      distDir === undefined
        ? undefined
        : await readFile(resolve(distDir, 'social-popup.html'), 'utf8').catch(() => undefined)
    if (popup === undefined)
      throw new HttpError(404, 'The social login page is not built on this server')
    return c.html(popup, 200, {
      'content-security-policy': SOCIAL_POPUP_CSP,
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    })
  })

  app.get(`${SECURE_FRAME_PATH}assets/:file`, async (c) => {
    const distDir = deps.distDir
    const file = c.req.param('file')
    const type = CONTENT_TYPES[extname(file)]
    if (distDir === undefined || type === undefined || !/^[A-Za-z0-9._-]+$/.test(file)) {
      throw new HttpError(404, 'Not found')
    }
    const assets = resolve(distDir, 'assets')
    const path = resolve(assets, file)
    if (!path.startsWith(`${assets}${sep}`)) throw new HttpError(404, 'Not found')
    const body = await readFile(path).catch(() => undefined)
    if (body === undefined) throw new HttpError(404, 'Not found')
    return c.body(body, 200, {
      'content-type': type,
      // Vite names assets by their hash: a name never changes content.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    })
  })

  app.use(
    SECURE_FRAME_RPC_PATH,
    requireFrame(deps.config, deps.auth),
    bodyLimit({ maxSize: RPC_MAX_BODY_BYTES }),
  )
  app.post(SECURE_FRAME_RPC_PATH, async (c) => {
    const answer = await deps.rpc(c)
    // The proxy's own statuses for a bad request and its limit; anything else is the upstream's.
    const status =
      answer.status === 200 || answer.status === 400 || answer.status === 429 ? answer.status : 502
    return new Response(answer.body, { status, headers: answer.headers })
  })

  return app
}
