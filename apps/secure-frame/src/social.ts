import {
  SOCIAL_API_PATHS,
  SOCIAL_RESULT_TIMEOUT_MS,
  socialConnectResponseSchema,
  socialResultResponseSchema,
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

/** How often the frame asks for the flow's result while the popup is at the provider. */
export const SOCIAL_POLL_MS = 1_000

/** SPEC §8 'An error occurred': CONNECT_SOCIAL with a URI this frame did not hand out. */
export const SOCIAL_UNKNOWN_URI = FLOW_UNKNOWN

/** SPEC §8 'Embedded Wallet Request Timed Out': no result within the time allowed. */
export const SOCIAL_TIMED_OUT = FLOW_TIMED_OUT

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
   */
  redirectUri(provider: SocialProvider, signal: AbortSignal): Promise<SocialRedirect>
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
   */
  connect(uri: string, signal: AbortSignal): Promise<SocialConnectResponse>
}

/**
 * The social login; `timings` default to {@link SOCIAL_POLL_MS} and, from the URI handed out to
 * the end of the wait, {@link SOCIAL_RESULT_TIMEOUT_MS}.
 */
export function createSocialLogin({
  api,
  ...timings
}: { api: ApiCall } & FlowTimings): SocialLogin {
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
    async redirectUri(provider, signal) {
      const { uri, flowId, binding } = await api(
        SOCIAL_API_PATHS.start,
        { provider },
        socialStartResponseSchema,
        { signal },
      )
      flows.remember(uri, flowId)
      return { uri, binding }
    },
    connect: (uri, signal) => flows.connect(uri, signal),
  }
}
