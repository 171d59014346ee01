import {
  INVALID_APP_CONFIGURATION_TEXT,
  parseSocialResultUri,
  SOCIAL_API_PATHS,
  SOCIAL_RESULT_TIMEOUT_MS,
  socialConnectResponseSchema,
  socialResultResponseSchema,
  socialReturnUrlSchema,
  socialStartResponseSchema,
  type SocialConnectResponse,
  type SocialProvider,
} from '@latch/core/api'
import type { ApiCall } from './api.js'
import { createFlowLogin, FLOW_TIMED_OUT, FLOW_UNKNOWN, type FlowTimings } from './flow-login.js'

// The social login's two steps in the frame (issue 12). The frame starts the flow with its
// device key and keeps which flow a provider URI belongs to; the popup goes to the provider and
// back to the server; the frame asks the server for the result until it is ready and swaps the
// flow for a session (flow-login.ts, shared with Farcaster). The result never travels through
// the host page or `window.opener`.
//
// A mini app (issue 29, SPEC §2) has no popup: the host page itself goes to the provider and
// comes back to its `returnUrl` with `result_uri`, to a new frame that remembers nothing. That
// URI names the flow and carries the code the server gave only to the browser it sent back, so
// the new frame resumes the flow from it; the server gives the session only to the device that
// started the flow, and only once.

/** How often the frame asks for the flow's result while the popup is at the provider. */
export const SOCIAL_POLL_MS = 1_000

/** SPEC §8 'An error occurred': CONNECT_SOCIAL with a URI this frame did not hand out. */
export const SOCIAL_UNKNOWN_URI = FLOW_UNKNOWN

/** SPEC §8 'Embedded Wallet Request Timed Out': no result within the time allowed. */
export const SOCIAL_TIMED_OUT = FLOW_TIMED_OUT

/** SPEC §8 'Invalid App Configuration': a mini app's return URL that is not the host's own. */
export const INVALID_APP_CONFIGURATION = INVALID_APP_CONFIGURATION_TEXT

/** A mini app's login: the page to come back to, and the origin of the page embedding the frame. */
export interface SocialReturn {
  returnUrl: string
  parentOrigin: string
}

/** GET_SOCIAL_REDIRECT_URI's answer. */
export interface SocialRedirect {
  uri: string
  binding: string
}

export interface SocialLogin {
  /**
   * GET_SOCIAL_REDIRECT_URI: starts a flow on the server and answers the provider's URI, which
   * the frame remembers (in memory) until CONNECT_SOCIAL ends it, and the flow's browser binding
   * (issue 29: the host posts it to the popup's first page, which binds the flow to its browser).
   * With `back`, a mini app's login (issue 29): the host page goes to the provider itself and
   * comes back to `back.returnUrl`; nothing is remembered, the result URI brings the flow back.
   * @throws Error 'Invalid App Configuration' when `back.returnUrl` is not an absolute http(s)
   *   URL on `back.parentOrigin` (nothing started); the server's message when it refuses (its
   *   RETURN_URL_NOT_ALLOWED, a page not on the project's allowed origins, says the same).
   */
  redirectUri(
    provider: SocialProvider,
    signal: AbortSignal,
    back?: SocialReturn,
  ): Promise<SocialRedirect>
  /**
   * CONNECT_SOCIAL's wait: asks for the result of `uri`'s flow every `pollMs` until it is ready
   * (a poll the network lost, a 429 or a 5xx is asked again), then takes the flow's session
   * (tokens bound to the device key, the username).
   * @throws Error 'An error occurred' for a URI this frame did not hand out (or already ended);
   *   'Session Expired' when the server let the flow expire; 'Embedded Wallet Request Timed Out'
   *   when `resultTimeoutMs` passed since the URI was handed out; the server's message when the
   *   provider refused (the visitor cancelled, a provider error, an answer failing its checks).
   *   An abort stops the polling at once and rejects with the signal's reason; the flow stays
   *   for another CONNECT_SOCIAL until its deadline.
   *   A mini app's result URI (of this frame's server) is resumed instead, with its code: the
   *   server's message when it refuses (FLOW_OTHER_BROWSER's, FLOW_USED's on a second use).
   */
  connect(uri: string, signal: AbortSignal): Promise<SocialConnectResponse>
}

/**
 * The social login of the server at `serverUrl` (the origin its result URIs must have);
 * `timings` default to {@link SOCIAL_POLL_MS} and, from the URI handed out (a result URI's
 * CONNECT_SOCIAL) to the end of the wait, {@link SOCIAL_RESULT_TIMEOUT_MS}.
 */
export function createSocialLogin({
  api,
  serverUrl,
  ...timings
}: { api: ApiCall; serverUrl: string } & FlowTimings): SocialLogin {
  const flows = createFlowLogin(
    api,
    {
      paths: SOCIAL_API_PATHS,
      resultSchema: socialResultResponseSchema,
      connectSchema: socialConnectResponseSchema,
      defaults: { pollMs: SOCIAL_POLL_MS, resultTimeoutMs: SOCIAL_RESULT_TIMEOUT_MS },
    },
    timings,
  )
  return {
    async redirectUri(provider, signal, back) {
      const returnUrl = back && checkedReturnUrl(back)
      const { uri, flowId, binding } = await api(
        SOCIAL_API_PATHS.start,
        returnUrl === undefined ? { provider } : { provider, returnUrl },
        socialStartResponseSchema,
        { signal },
      )
      // A mini app's flow finishes only with its result URI's code, in the frame the page comes
      // back to: CONNECT_SOCIAL with the provider's URI would wait in vain, so it is not kept.
      if (returnUrl === undefined) flows.remember(uri, flowId)
      return { uri, binding }
    },
    connect(uri, signal) {
      const returned = parseSocialResultUri(uri, serverUrl)
      if (!returned) return flows.connect(uri, signal)
      return flows.resume(returned.flowId, { returnCode: returned.code }, signal)
    },
  }
}

/**
 * A mini app's return URL, when the host may ask for it: where the result URI (and its code)
 * goes must be the page that embeds this frame, so a host can bring a login back only to
 * itself, never send it to another page, even one of the project's (the server checks those).
 * No credentials either: no host page needs them, and the server refuses them too.
 */
function checkedReturnUrl({ returnUrl, parentOrigin }: SocialReturn): string {
  const url = socialReturnUrlSchema.safeParse(returnUrl).success ? new URL(returnUrl) : undefined
  if (!url || url.origin !== parentOrigin || url.username !== '' || url.password !== '') {
    throw new Error(INVALID_APP_CONFIGURATION)
  }
  return returnUrl
}
