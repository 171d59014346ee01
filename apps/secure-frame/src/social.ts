import {
  SOCIAL_API_PATHS,
  SOCIAL_RESULT_TIMEOUT_MS,
  socialConnectResponseSchema,
  socialResultResponseSchema,
  socialStartResponseSchema,
  type SocialConnectResponse,
  type SocialProvider,
  type SocialResultResponse,
} from '@latch/core/api'
import { ApiError, type ApiCall } from './api.js'
import { SESSION_EXPIRED } from './session.js'

// The social login's two steps in the frame (issue 12). The frame starts the flow with its
// device key and keeps which flow a provider URI belongs to; the popup goes to the provider and
// back to the server; the frame asks the server for the result until it is ready and swaps the
// flow for a session. The result never travels through the host page or `window.opener`.

/** How often the frame asks for the flow's result while the popup is at the provider. */
export const SOCIAL_POLL_MS = 1_000

/** SPEC §8 'An error occurred': CONNECT_SOCIAL with a URI this frame did not hand out. */
export const SOCIAL_UNKNOWN_URI = 'An error occurred'

/** SPEC §8 'Embedded Wallet Request Timed Out': no result within the time allowed. */
export const SOCIAL_TIMED_OUT = 'Embedded Wallet Request Timed Out'

export interface SocialLogin {
  /**
   * GET_SOCIAL_REDIRECT_URI: starts a flow on the server and answers the provider's URI, which
   * the frame remembers (in memory) until CONNECT_SOCIAL ends it.
   */
  redirectUri(provider: SocialProvider, signal: AbortSignal): Promise<string>
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

interface Flow {
  flowId: string
  /** When the frame stops waiting for the provider (ms, on `now`'s clock). */
  deadline: number
}

export function createSocialLogin(options: {
  api: ApiCall
  pollMs?: number
  /** From the URI handed out to the end of the wait; {@link SOCIAL_RESULT_TIMEOUT_MS} by default. */
  resultTimeoutMs?: number
  now?: () => number
}): SocialLogin {
  const { api } = options
  const pollMs = options.pollMs ?? SOCIAL_POLL_MS
  const resultTimeoutMs = options.resultTimeoutMs ?? SOCIAL_RESULT_TIMEOUT_MS
  const now = options.now ?? Date.now
  const flows = new Map<string, Flow>()

  /** Flows nobody waits for any more (their host gave up, or never asked): forgotten. */
  const prune = () => {
    for (const [uri, flow] of flows) if (flow.deadline <= now()) flows.delete(uri)
  }

  /** The result, until it is no longer pending or the flow's time is up. */
  const waitForResult = async (flow: Flow, signal: AbortSignal) => {
    for (;;) {
      const result = await api(
        SOCIAL_API_PATHS.result,
        { flowId: flow.flowId },
        socialResultResponseSchema,
        { signal },
      ).catch((error: unknown) => {
        // A poll lost on a flaky network, or refused for a moment, is asked again.
        if (isTransient(error) && !signal.aborted) return { status: 'pending' as const }
        throw error
      })
      // The server may not have seen the abort (the answer was on its way): stop here anyway.
      signal.throwIfAborted()
      if (result.status === 'ready') return
      if (result.status === 'error') throw new Error(failureMessage(result))
      const left = flow.deadline - now()
      if (left <= 0) throw new Error(SOCIAL_TIMED_OUT)
      await delay(Math.min(pollMs, left), signal)
    }
  }

  return {
    async redirectUri(provider, signal) {
      prune()
      const { uri, flowId } = await api(
        SOCIAL_API_PATHS.start,
        { provider },
        socialStartResponseSchema,
        { signal },
      )
      flows.set(uri, { flowId, deadline: now() + resultTimeoutMs })
      return uri
    },
    async connect(uri, signal) {
      const flow = flows.get(uri)
      if (!flow) throw new Error(SOCIAL_UNKNOWN_URI)
      try {
        await waitForResult(flow, signal)
        const session = await api(
          SOCIAL_API_PATHS.connect,
          { flowId: flow.flowId },
          socialConnectResponseSchema,
          { signal },
        )
        flows.delete(uri)
        return session
      } catch (error) {
        // An abort leaves the flow to a later CONNECT_SOCIAL, within the same deadline; any
        // other end is final (the server's flow is done, or the frame stopped waiting for it).
        if (!signal.aborted) flows.delete(uri)
        throw expired(error)
      }
    },
  }
}

type FailedResult = Extract<SocialResultResponse, { status: 'error' }>

/** What the host shows for a flow that ended without a login. */
const failureMessage = (result: FailedResult): string =>
  result.code === 'FLOW_EXPIRED' ? SESSION_EXPIRED : result.message

/** The server's FLOW_EXPIRED refusal (a result or connect after the flow's life) is SPEC §8's text. */
function expired(error: unknown): unknown {
  return error instanceof ApiError && error.code === 'FLOW_EXPIRED'
    ? new Error(SESSION_EXPIRED)
    : error
}

/** No answer (the network), too many requests, or the server's own failure: worth asking again. */
const isTransient = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
