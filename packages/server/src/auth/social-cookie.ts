import { SOCIAL_API_PATHS } from '@latch/core/api'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'

// The cookie that binds a social login to one browser (issue 29). The popup's first page gets it
// from the bind call; the provider's redirect brings it back to the callback, and nowhere else
// (its path). One per flow, so two logins in one browser do not undo each other.

const PREFIX = 'latch_social_'

/** The cookie's name for a flow: its id, without the dashes a cookie name may not hold. */
export const bindingCookieName = (flowId: string) => `${PREFIX}${flowId.replaceAll('-', '')}`

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * HttpOnly (no page script reads it) and on the callback's path only. `SameSite=None` (with
 * `Secure`): Apple's form_post is a cross-site POST, which a Lax cookie misses. A plain-HTTP
 * server that is not loopback cannot set a Secure cookie, so it gets Lax (Apple needs HTTPS
 * anyway); browsers take Secure cookies from loopback over HTTP.
 */
function options(publicUrl: string, maxAgeSeconds: number): CookieOptions {
  const url = new URL(publicUrl)
  const secure = url.protocol === 'https:' || LOOPBACK.has(url.hostname)
  return {
    path: SOCIAL_API_PATHS.callback,
    httpOnly: true,
    secure,
    sameSite: secure ? 'None' : 'Lax',
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
  }
}

/** Sets the flow's binding cookie, for as long as the flow lives. */
export function setBindingCookie(
  c: Context,
  publicUrl: string,
  flow: { id: string; expiresAt: Date },
  binding: string,
  now: number,
): void {
  const maxAge = (flow.expiresAt.getTime() - now) / 1000
  setCookie(c, bindingCookieName(flow.id), binding, options(publicUrl, maxAge))
}

/** The flow's binding cookie, as the callback's request brought it. */
export const readBindingCookie = (c: Context, flowId: string): string | undefined =>
  getCookie(c, bindingCookieName(flowId))

/** The callback is done with the flow's cookie, however it ended. */
export function clearBindingCookie(c: Context, publicUrl: string, flowId: string): void {
  deleteCookie(c, bindingCookieName(flowId), options(publicUrl, 0))
}
