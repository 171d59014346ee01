import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AuthConfig, ServerConfig } from '../config/schema.js'
import { HttpError } from '../http/errors.js'
import { grantCors, isOriginAllowed, requestProject, type ProjectEnv } from '../http/project.js'
import { AUTH_BODY_MAX_BYTES } from './request.js'

/**
 * The gate of `/v1/auth/*`, in place of the project gate. The project id is checked the same way
 * (400 malformed, 403 unknown), but the only browser origins let in are the secure frame's:
 * `auth.publicUrl`'s (the frame is served by this server) and `auth.frameOrigins`. A host page,
 * even on the project's allowed origins, is refused: it must never hold a session, or it could
 * act for the user without the frame. Requests without `Origin` (not from a page) pass on the
 * project id. Every answer is `no-store`: tokens must not sit in a cache.
 */
export function requireFrame(
  config: ServerConfig,
  auth: AuthConfig,
): MiddlewareHandler<ProjectEnv> {
  const projects = new Map(config.projects.map((project) => [project.id, project]))
  const frameOrigins = [auth.publicUrl, ...auth.frameOrigins]
  return async (c, next) => {
    c.header('cache-control', 'no-store')
    const origin = c.req.header('origin')
    const project = requestProject(c, projects)
    if (
      origin !== undefined &&
      !isOriginAllowed({ ...project, allowedOrigins: frameOrigins }, origin)
    ) {
      throw new HttpError(
        403,
        'Invalid App Configuration: only the Latch frame may call the auth API',
      )
    }
    // The frame on this server's own origin needs no CORS; a development frame elsewhere does,
    // with the headers of a proof and a token.
    const preflight = grantCors(c, origin === auth.publicUrl ? undefined : origin, {
      allowHeaders: 'content-type, authorization, dpop',
      exposeHeaders: 'retry-after, www-authenticate',
    })
    if (preflight) return preflight
    c.set('project', project)
    await next()
  }
}

/**
 * The auth routes' body limit, applied while the body streams in: a request over it is refused
 * (413) before the server holds more of it in memory.
 */
export const authBodyLimit = (): MiddlewareHandler<ProjectEnv> =>
  bodyLimit({
    maxSize: AUTH_BODY_MAX_BYTES,
    onError: (c) => c.json(new HttpError(413, 'Request body too large').body(), 413),
  })
