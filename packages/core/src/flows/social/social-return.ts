import { fromCallback, type EventObject } from 'xstate'
import { parseSocialResultUri, SOCIAL_RESULT_URI_PARAM } from '../../api/social.js'
import type { MiniAppPage } from '../../platform/mini-app-page.js'
import { route, type SocialProvider } from '../../router/routes.js'
import type { LatchChildren } from '../children.js'
import { showLoginView } from '../embedded-login.js'

// A mini app's social login coming back (issue 29, SPEC §2). The login left the page for the
// provider; the Latch server's callback sent the browser back with `?result_uri=`. When the
// instance first runs, the page is read once: a result URI of this instance's server is taken
// out of the address bar at once (so a copied or shared link, a reload, the history or a
// Referer never carry it), and the ConnectingSocial view opens to finish the login with it
// through the frame. The server gives the session only to the device that started the flow
// and only with the code the URI brought: once, in that browser.

/** The login come back: its provider and the page's `result_uri`. */
export interface SocialReturn {
  provider: SocialProvider
  resultUri: string
}

/** What the check reads and moves. */
export interface SocialReturnInput {
  page: MiniAppPage
  serverUrl: string
  modal: LatchChildren['modal']
  /** Told the login come back, before its view opens (its run then takes it). */
  found: (login: SocialReturn) => void
}

/** `href` without a `result_uri` of this server, or undefined when it has none. */
function taken(href: string, serverUrl: string): { rest: string; login: SocialReturn } | undefined {
  if (!URL.canParse(href)) return undefined
  const url = new URL(href)
  const values = url.searchParams.getAll(SOCIAL_RESULT_URI_PARAM)
  const resultUri = values.length === 1 ? values[0] : undefined
  const parts = resultUri === undefined ? undefined : parseSocialResultUri(resultUri, serverUrl)
  // A `result_uri` that is not this server's is the host's own: left as it is.
  if (!parts || resultUri === undefined) return undefined
  url.searchParams.delete(SOCIAL_RESULT_URI_PARAM)
  return { rest: url.href, login: { provider: parts.provider, resultUri } }
}

/** The page's URL as a login's return URL: without a result URI an earlier login left. */
export function pageWithoutResult(href: string): string {
  if (!URL.canParse(href)) return href
  const url = new URL(href)
  url.searchParams.delete(SOCIAL_RESULT_URI_PARAM)
  return url.href
}

/** Reads the page once, when the instance first runs; does nothing when it came back from no login. */
export const socialReturnLogic = fromCallback<EventObject, SocialReturnInput>(({ input }) => {
  const found = taken(input.page.href(), input.serverUrl)
  if (!found) return
  input.page.replaceUrl(found.rest)
  input.found(found.login)
  const next = route('ConnectingSocial', { provider: found.login.provider })
  input.modal.send(showLoginView(input.modal, next))
})
