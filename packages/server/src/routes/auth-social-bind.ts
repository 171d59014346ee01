import {
  SOCIAL_API_PATHS,
  socialBindRequestSchema,
  socialBindResponseSchema,
} from '@latch/core/api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { AUTH_BODY_MAX_BYTES, clientIp } from '../auth/request.js'
import { setBindingCookie } from '../auth/social-cookie.js'
import { flowNotFound } from '../auth/social-errors.js'
import { bindSocialFlow, type SocialDeps } from '../auth/social-login.js'
import type { ProjectConfig } from '../config/schema.js'
import type { ProjectEnv } from '../http/project.js'
import { jsonBody, parseRequest, respond } from '../http/validate.js'

/** What the bind route needs besides the social login's own. */
export interface SocialBindDeps extends SocialDeps {
  /** Who may open the popup for a project: its frame ancestors (its host pages). */
  ancestors: (project: ProjectConfig) => readonly string[]
}

/**
 * Only the popup's own page, in a browser: this server's origin, a same-origin fetch of JSON.
 * A page elsewhere cannot make the browser send it (a form cannot post JSON; a cross-site
 * fetch names its origin), so no one can plant a binding in a browser that did not open the
 * popup.
 */
function fromPopupPage(c: Context, publicUrl: string): boolean {
  return (
    c.req.header('origin') === new URL(publicUrl).origin &&
    c.req.header('sec-fetch-site') === 'same-origin' &&
    (c.req.header('content-type') ?? '').split(';')[0]?.trim() === 'application/json'
  )
}

/**
 * `POST /v1/auth/social/bind?projectId=` (issue 29): the popup's first page binds its flow to
 * this browser, and gets back where to go (the provider) with the flow's cookie set. Behind the
 * auth gate (the project, and no origin but the frame's); no device proof: the popup holds no
 * key, the binding it was posted is the proof.
 */
export function socialBindRoutes(deps: SocialBindDeps) {
  const app = new Hono<ProjectEnv>()
  const { publicUrl } = deps.auth.config
  app.post(SOCIAL_API_PATHS.bind, async (c) => {
    if (!fromPopupPage(c, publicUrl)) throw flowNotFound()
    const request = parseRequest(socialBindRequestSchema, await jsonBody(c, AUTH_BODY_MAX_BYTES))
    const project = c.var.project
    const { flow, uri } = await bindSocialFlow(deps, {
      request,
      projectId: project.id,
      ancestors: deps.ancestors(project),
      ip: clientIp(c, deps.auth),
    })
    setBindingCookie(c, publicUrl, flow, request.binding, deps.auth.now())
    return respond(c, socialBindResponseSchema, { uri })
  })
  return app
}
