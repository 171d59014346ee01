import {
  FARCASTER_API_PATHS,
  FARCASTER_CHANNEL_TTL_SECONDS,
  farcasterConnectResponseSchema,
  farcasterResultResponseSchema,
  farcasterStartResponseSchema,
  type FarcasterConnectResponse,
} from '@latch/core/api'
import type { ApiCall } from './api.js'
import { createFlowLogin, FLOW_UNKNOWN, type FlowTimings } from './flow-login.js'

// Sign in with Farcaster in the frame (issue 12). The frame starts a sign-in with its device key
// and hands the host the link for the QR code; the phone approves on the server's relay; the
// frame polls the flow's result and swaps it for a session (flow-login.ts, shared with the
// social login). CONNECT_FARCASTER carries nothing, so it waits for the last link handed out.

/** How often the frame asks for the result while the QR code shows. */
export const FARCASTER_POLL_MS = 1_000

/** The frame waits as long as the channel lives: its own expiry then ends the wait. */
export const FARCASTER_RESULT_TIMEOUT_MS = FARCASTER_CHANNEL_TTL_SECONDS * 1_000

export interface FarcasterLogin {
  /** GET_FARCASTER_URI: starts a sign-in on the server and answers its link, remembered. */
  uri(signal: AbortSignal): Promise<string>
  /**
   * CONNECT_FARCASTER's wait for the last link handed out: its result every `pollMs` until it
   * is ready, then its session (tokens bound to the device key, the fid, the username).
   * @throws Error 'An error occurred' before any GET_FARCASTER_URI (or after its flow ended);
   *   'Session Expired' when the channel expired on the server; 'Embedded Wallet Request Timed
   *   Out' when `resultTimeoutMs` passed since the link was handed out. An abort stops the
   *   polling at once; the flow stays for another CONNECT_FARCASTER until its deadline.
   */
  connect(signal: AbortSignal): Promise<FarcasterConnectResponse>
}

/**
 * Sign in with Farcaster; `timings` default to {@link FARCASTER_POLL_MS} and, from the link
 * handed out to the end of the wait, {@link FARCASTER_RESULT_TIMEOUT_MS}.
 */
export function createFarcasterLogin({
  api,
  ...timings
}: { api: ApiCall } & FlowTimings): FarcasterLogin {
  const flows = createFlowLogin(
    api,
    {
      paths: FARCASTER_API_PATHS,
      resultSchema: farcasterResultResponseSchema,
      connectSchema: farcasterConnectResponseSchema,
      defaults: { pollMs: FARCASTER_POLL_MS, resultTimeoutMs: FARCASTER_RESULT_TIMEOUT_MS },
    },
    timings,
  )
  let latest: string | undefined
  return {
    async uri(signal) {
      const { url, flowId } = await api(
        FARCASTER_API_PATHS.start,
        {},
        farcasterStartResponseSchema,
        { signal },
      )
      flows.remember(url, flowId)
      latest = url
      return url
    },
    async connect(signal) {
      if (latest === undefined) throw new Error(FLOW_UNKNOWN)
      return flows.connect(latest, signal)
    },
  }
}
