import { SOCIAL_API_PATHS, socialProviderSchema } from '@latch/core/api'
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod'
import { AUTH_BODY_MAX_BYTES, clientIp } from '../auth/request.js'
import { AuthError } from '../auth/errors.js'
import { clearBindingCookie, readBindingCookie } from '../auth/social-cookie.js'
import { socialCallback, type CallbackOutcome, type SocialDeps } from '../auth/social-login.js'
import { SOCIAL_PAGE_HEADERS, SOCIAL_PAGE_STATUS, socialCallbackPage } from '../auth/social-page.js'
import type { ProjectEnv } from '../http/project.js'

/** The callback's route: one per provider. */
const SOCIAL_CALLBACK_ROUTE = `${SOCIAL_API_PATHS.callback}/:provider`

/** The callback's paths: the frame gate lets these through (see app.ts). */
export const SOCIAL_CALLBACK_ROUTES = `${SOCIAL_API_PATHS.callback}/*`

/** What a provider may send back; anything longer is not a provider's. */
const callbackParamsSchema = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  user: z.string().max(2048).optional(),
})

/**
 * A mini app's browser sent back to its page (issue 29): 303, so Apple's form POST comes back as
 * a GET. No referrer (this URL held the provider's code and state), never cached (the
 * `result_uri` is good once).
 */
function sendBack(c: Context, location: string): Response {
  return c.body(null, 303, {
    location,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  })
}

function page(c: Context, outcome: CallbackOutcome, status?: 500): Response {
  const code = status ?? SOCIAL_PAGE_STATUS[outcome]
  return c.html(socialCallbackPage(outcome), code, SOCIAL_PAGE_HEADERS)
}

/**
 * The providers' redirect back to the server: GET with the query, or Apple's form_post POST.
 * No project id and no frame origin: the flow's `state` is the key, and the browser must bring
 * the flow's binding cookie (issue 29); the answer is a static page, never the result itself
 * (the frame asks for that, with its device key). A mini app's flow has no cookie: the answer
 * sends the browser back to its page with a `result_uri` (the flow and its return code), which
 * the frame there brings to the result and the connect; still never the result itself.
 */
export function socialCallbackRoutes(deps: SocialDeps) {
  const app = new Hono<ProjectEnv>()
  const answer = async (c: Context, values: Record<string, string>): Promise<Response> => {
    const provider = socialProviderSchema.safeParse(c.req.param('provider'))
    const params = callbackParamsSchema.safeParse(values)
    if (!provider.success || !params.success) return page(c, 'refused')
    // The flow's cookie is read by the flow the state names, and cleared once read: one use.
    let flowId: string | undefined
    const binding = (id: string) => {
      flowId = id
      return readBindingCookie(c, id)
    }
    try {
      const ip = clientIp(c, deps.auth)
      const answer = await socialCallback(deps, provider.data, params.data, { ip, binding })
      if (flowId !== undefined) clearBindingCookie(c, deps.auth.config.publicUrl, flowId)
      return answer.redirect === undefined ? page(c, answer.outcome) : sendBack(c, answer.redirect)
    } catch (error) {
      // Over the limit: the same page; the popup has nobody to show a JSON error to.
      if (error instanceof AuthError && error.code === 'RATE_LIMITED') return page(c, 'refused')
      // The popup has no use for the JSON error body: the operator gets the error, it a page.
      deps.auth.log(error)
      return page(c, 'failed', 500)
    }
  }
  app.get(SOCIAL_CALLBACK_ROUTE, (c) => answer(c, c.req.query()))
  app.post(SOCIAL_CALLBACK_ROUTE, async (c) => {
    const text = await c.req.text()
    // Apple's form (code, state, the `user` JSON) is far under the auth routes' body limit.
    if (text.length > AUTH_BODY_MAX_BYTES) return page(c, 'refused')
    return answer(c, Object.fromEntries(new URLSearchParams(text)))
  })
  return app
}
