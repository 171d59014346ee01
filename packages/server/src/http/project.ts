import { projectIdSchema } from '@latch/core/api'
import type { Context, MiddlewareHandler } from 'hono'
import type { ProjectConfig, ServerConfig } from '../config/schema.js'
import { HttpError } from './errors.js'
import { parseRequest } from './validate.js'

/** What the project middleware leaves for the route. */
export type ProjectEnv = { Variables: { project: ProjectConfig } }

/** Whether a page on `origin` may call the server for this project (exact, or any port). */
export function isOriginAllowed(project: ProjectConfig, origin: string): boolean {
  return project.allowedOrigins.some((allowed) => {
    if (!allowed.endsWith(':*')) return allowed === origin
    const base = allowed.slice(0, -2)
    return (
      origin === base ||
      (origin.startsWith(`${base}:`) && /^[0-9]{1,5}$/.test(origin.slice(base.length + 1)))
    )
  })
}

const PREFLIGHT_MAX_AGE_SECONDS = 600

/**
 * The headers that let the page read a refusal, and only that: without them the browser hides
 * the 403 behind a CORS failure, and the modal could not say 'Invalid App Configuration' (SPEC
 * §8). The body is the error alone, so the origin learns nothing about the project; its
 * preflights get no methods or headers, so it can send nothing but simple requests.
 */
export function readableRefusal(origin: string | undefined): Record<string, string> | undefined {
  return origin === undefined
    ? undefined
    : { 'access-control-allow-origin': origin, vary: 'Origin' }
}

/**
 * The project a request names by `projectId`: a malformed id is a 400, an unknown one a 403
 * (with `refusalHeaders`, if the gate lets the page read its refusals).
 * @throws HttpError 400 'Invalid projectId', 403 'Invalid App Configuration: unknown project id'.
 */
export function requestProject(
  c: Context,
  projects: ReadonlyMap<string, ProjectConfig>,
  refusalHeaders?: Record<string, string>,
): ProjectConfig {
  const projectId = parseRequest(
    { safeParse: (value: unknown) => projectIdSchema.safeParse(value) },
    c.req.query('projectId'),
    'projectId',
  )
  const project = projects.get(projectId)
  if (!project) {
    throw new HttpError(
      403,
      'Invalid App Configuration: unknown project id',
      undefined,
      refusalHeaders,
    )
  }
  return project
}

/** What a gate grants an origin it let in. */
export interface CorsGrant {
  /** The request headers a preflight allows (`access-control-allow-headers`). */
  allowHeaders: string
  /** The response headers the page may read, besides the simple ones. */
  exposeHeaders?: string
}

/**
 * CORS for exactly `origin` (undefined: none, e.g. a same-origin or server call), and the answer
 * to a preflight (204, GET and POST), which ends the request; undefined lets the request go on.
 * Both gates grant CORS this one way, so the two cannot drift apart.
 */
export function grantCors(
  c: Context,
  origin: string | undefined,
  grant: CorsGrant,
): Response | undefined {
  if (origin !== undefined) {
    c.header('access-control-allow-origin', origin)
    if (grant.exposeHeaders) c.header('access-control-expose-headers', grant.exposeHeaders)
    c.header('vary', 'Origin')
  }
  if (c.req.method !== 'OPTIONS') return undefined
  c.header('access-control-allow-methods', 'GET, POST, OPTIONS')
  c.header('access-control-allow-headers', grant.allowHeaders)
  c.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
  return c.body(null, 204)
}

/**
 * Every project route's gate, in order: a malformed `projectId` is a 400; an unknown one a 403;
 * a browser origin (the `Origin` header) not on the project's list a 403. Neither 403 grants
 * the origin anything but reading the refusal itself ({@link readableRefusal}). An allowed
 * origin is granted CORS for exactly itself, and its preflight is answered here. Requests without
 * `Origin` (a server, an `<img>`) pass on the project id alone.
 */
export function requireProject(config: ServerConfig): MiddlewareHandler<ProjectEnv> {
  const projects = new Map(config.projects.map((project) => [project.id, project]))
  return async (c, next) => {
    const origin = c.req.header('origin')
    const project = requestProject(c, projects, readableRefusal(origin))
    if (origin !== undefined && !isOriginAllowed(project, origin)) {
      throw new HttpError(
        403,
        'Invalid App Configuration: origin not allowed for this project',
        undefined,
        readableRefusal(origin),
      )
    }
    const preflight = grantCors(c, origin, { allowHeaders: 'content-type' })
    if (preflight) return preflight
    c.set('project', project)
    await next()
  }
}
