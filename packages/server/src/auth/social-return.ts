import {
  isAllowedFrameAncestor,
  SOCIAL_RESULT_URI_PARAM,
  socialResultUri,
  type SocialProvider,
} from '@latch/core/api'
import type { AuthDeps } from './context.js'
import { hmac, randomToken, safeEqual } from './crypto.js'
import {
  flowNotFound,
  flowOtherBrowser,
  flowUsed,
  returnUrlNotAllowed,
  type FlowFailure,
} from './social-errors.js'
import { endInOtherBrowser, findFlow, type FlowRow } from './social-flows.js'

// A mini app's social login (issue 29, SPEC §2). Inside a Telegram mini app there is no popup:
// the host page itself goes to the provider, and comes back. No cookie can bind such a flow to
// its browser (the page that starts it is the one a link would open in a victim's browser too),
// so a **return code** does: the callback makes it and sends it only to the browser it answers,
// in the `result_uri` of the redirect back. The session is given only with that code, and only
// to the device that started the flow: a link finished in a victim's browser brings the code
// to the victim's page, whose device did not start the flow, and the starting device never sees
// the code.

/** The stored form of a return code: an HMAC, so the table alone finishes no login. */
export const returnCodeHash = (deps: AuthDeps, code: string) =>
  hmac(deps.keys.token, `social-return:${code}`)

/**
 * A mini app's return URL, when its origin is one of the project's host pages (`ancestors`,
 * the same list the frame's `frame-ancestors` and the popup's opener are checked against).
 * A URL with credentials is refused even on an allowed host: no host page needs them, and the
 * browser would be sent back with them.
 * @returns the URL as the server will redirect to it.
 * @throws SocialError 403 RETURN_URL_NOT_ALLOWED.
 */
export function allowedReturnUrl(returnUrl: string, ancestors: readonly string[]): string {
  const url = URL.canParse(returnUrl) ? new URL(returnUrl) : undefined
  if (
    !url ||
    url.username !== '' ||
    url.password !== '' ||
    !isAllowedFrameAncestor(url.origin, ancestors)
  ) {
    throw returnUrlNotAllowed()
  }
  return url.href
}

/** A new return code, and its stored form. */
export interface ReturnCode {
  /** 256 random bits: sent once, in the redirect's `result_uri`. */
  code: string
  hash: string
}

/** A fresh code for one claimed flow: made by the callback, never by the page. */
export function newReturnCode(deps: AuthDeps): ReturnCode {
  const code = randomToken()
  return { code, hash: returnCodeHash(deps, code) }
}

/**
 * Where the callback sends a mini app's browser: its return URL (its own query and hash kept)
 * with `result_uri`, the handle of the flow and its code on this server (`publicUrl`: the
 * frame's, which reads it).
 */
export function returnRedirect(
  publicUrl: string,
  flow: { id: string; returnUrl: string },
  provider: SocialProvider,
  code: string,
): string {
  const url = new URL(flow.returnUrl)
  const resultUri = socialResultUri(publicUrl, { provider, flowId: flow.id, code })
  url.searchParams.set(SOCIAL_RESULT_URI_PARAM, resultUri)
  return url.href
}

/**
 * A mini app's claimed flow: a new return code (its hash to store with the outcome) and where
 * to send the browser back with it. Undefined for a popup's flow.
 */
export function returnOf(
  deps: AuthDeps,
  flow: FlowRow,
  provider: SocialProvider,
): { hash: string; redirect: string } | undefined {
  if (flow.returnUrl === null) return undefined
  const { code, hash } = newReturnCode(deps)
  const target = { id: flow.id, returnUrl: flow.returnUrl }
  return { hash, redirect: returnRedirect(deps.config.publicUrl, target, provider, code) }
}

/**
 * The flow a return code names, whoever asks: only when the code is the one its callback made
 * (compared in constant time). A wrong code, a popup flow's id, an unknown one: all alike.
 * @throws SocialError 404 FLOW_NOT_FOUND.
 */
export async function flowOfReturnCode(
  deps: AuthDeps,
  flowId: string,
  code: string,
): Promise<FlowRow & { returnCodeHash: string }> {
  const flow = await findFlow(deps, flowId)
  const stored = flow?.returnCodeHash
  if (!flow || !stored || !safeEqual(returnCodeHash(deps, code), stored)) throw flowNotFound()
  return { ...flow, returnCodeHash: stored }
}

/**
 * A device that did not start the flow came back with its code: the flow ends (see
 * {@link endInOtherBrowser}), and that device's page is told why.
 * @throws SocialError 409 FLOW_USED when the flow was connected already: its owner had the code.
 */
export async function cameBackElsewhere(deps: AuthDeps, flow: FlowRow): Promise<FlowFailure> {
  if (!(await endInOtherBrowser(deps, flow.id))) throw flowUsed()
  return flowOtherBrowser()
}
