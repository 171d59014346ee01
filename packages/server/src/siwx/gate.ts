import type { MiddlewareHandler } from 'hono'
import type { ServerConfig } from '../config/schema.js'
import {
  grantCors,
  isOriginAllowed,
  readableRefusal,
  requestProject,
  type ProjectEnv,
} from '../http/project.js'
import { domainNotAllowed } from './errors.js'

/** The sign-in routes, which this gate guards in place of the project gate. */
export const SIWX_ROUTES = '/v1/siwx/*'

/**
 * The gate of `/v1/siwx/*`: the project gate's checks (400 malformed project id, 403 unknown, a
 * browser origin must be one of the project's), with two differences. A refused origin is core's
 * DOMAIN_NOT_ALLOWED, readable by the page, so the client can tell why sign-in failed. And the
 * page's preflight may send `Authorization`, which the session routes read (a bearer token); the
 * host page calls these routes itself, not the secure frame. Requests without `Origin` (a host's
 * backend calling `me`) pass on the project id; the routes that need a page check it themselves.
 * Every answer is `no-store`: tokens must not sit in a cache.
 */
export function requireSiwxProject(config: ServerConfig): MiddlewareHandler<ProjectEnv> {
  const projects = new Map(config.projects.map((project) => [project.id, project]))
  return async (c, next) => {
    c.header('cache-control', 'no-store')
    const origin = c.req.header('origin')
    const project = requestProject(c, projects, readableRefusal(origin))
    if (origin !== undefined && !isOriginAllowed(project, origin)) {
      throw domainNotAllowed('origin not allowed for this project', readableRefusal(origin))
    }
    const preflight = grantCors(c, origin, {
      allowHeaders: 'content-type, authorization',
      exposeHeaders: 'retry-after, www-authenticate',
    })
    if (preflight) return preflight
    c.set('project', project)
    await next()
  }
}
