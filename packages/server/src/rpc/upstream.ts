import { setTimeout as sleepFor } from 'node:timers/promises'
import { RETRIED_HTTP_STATUSES } from '@latch/core/api'

/** How the proxy calls a chain's upstream: SPEC §9's library defaults unless configured. */
export interface UpstreamPolicy {
  /** Each attempt's limit, the answer's body included (SPEC §9: 10000 ms). */
  timeoutMs: number
  /** Retries per URL after a SPEC §7 status (SPEC §9: 3). */
  retries: number
  /** The first retry's delay, doubling after each (SPEC §9: 150 ms, then 300 and 600). */
  retryDelayMs: number
}

/** SPEC §9's HTTP timeout, retry count and retry delay. */
export const SPEC_UPSTREAM_POLICY: UpstreamPolicy = {
  timeoutMs: 10_000,
  retries: 3,
  retryDelayMs: 150,
}

/** The wait before retry `attempt + 1`: 150, 300, 600 ms with the SPEC's delay. */
export function retryDelay(policy: UpstreamPolicy, attempt: number): number {
  return policy.retryDelayMs * 2 ** attempt
}

export interface UpstreamOptions {
  fetch: typeof fetch
  policy: UpstreamPolicy
  /** The client's request: once it has gone, nothing more is sent upstream. */
  signal?: AbortSignal
  /** Waits between retries (tests record the schedule); an abortable timer by default. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/** What the upstream said: its JSON body, or why there is none. */
export type UpstreamResult =
  | { ok: true; status: number; body: unknown }
  /**
   * `unavailable`: no URL answered (network errors, timeouts, or SPEC statuses past the
   * retries); `invalid`: an upstream answered with a body that is not JSON.
   */
  | { ok: false; failure: 'unavailable' | 'invalid' }

type Attempt =
  | { kind: 'answered'; status: number; body: unknown }
  /** A SPEC §7 status: retried on this URL after the backoff. */
  | { kind: 'retry' }
  /** No answer (network error, timeout): the next URL, at once. */
  | { kind: 'next' }
  /** An answer that is not JSON: final. */
  | { kind: 'invalid' }

const defaultSleep = async (ms: number, signal?: AbortSignal) => {
  await sleepFor(ms, undefined, signal ? { signal } : {}).catch(() => undefined)
}

/**
 * POSTs one JSON-RPC payload to a chain's upstream URLs, in order.
 *
 * On one of SPEC §7's statuses the same URL is tried again after SPEC §9's backoff (3 retries,
 * 150 ms doubling); once those are spent, or at once when the URL gives no answer at all (a
 * network error or the 10 s timeout: waiting that long again would only hold the client), the
 * next URL is tried. Any other answer is final, whatever its status: the upstream has judged the
 * request, another would judge it the same, and sending it twice could repeat a side effect
 * (`eth_sendRawTransaction`). A JSON body is returned for the caller to validate.
 */
export async function postUpstream(
  urls: readonly string[],
  payload: unknown,
  options: UpstreamOptions,
): Promise<UpstreamResult> {
  const body = JSON.stringify(payload)
  const sleep = options.sleep ?? defaultSleep
  for (const url of urls) {
    for (let attempt = 0; ; attempt += 1) {
      if (options.signal?.aborted) return { ok: false, failure: 'unavailable' }
      const outcome = await attemptOnce(url, body, options)
      if (outcome.kind === 'answered') {
        return { ok: true, status: outcome.status, body: outcome.body }
      }
      if (outcome.kind === 'invalid') return { ok: false, failure: 'invalid' }
      if (outcome.kind === 'next' || attempt >= options.policy.retries) break
      await sleep(retryDelay(options.policy, attempt), options.signal)
    }
  }
  return { ok: false, failure: 'unavailable' }
}

async function attemptOnce(url: string, body: string, options: UpstreamOptions): Promise<Attempt> {
  const timeout = AbortSignal.timeout(options.policy.timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  let status: number
  let text: string
  try {
    // Only the payload goes upstream: never the client's cookies, origin or address.
    const response = await options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal,
    })
    status = response.status
    if (RETRIED_HTTP_STATUSES.includes(status)) {
      // Release the connection; the body of a refusal is not read.
      await response.body?.cancel().catch(() => undefined)
      return { kind: 'retry' }
    }
    text = await response.text()
  } catch {
    return { kind: 'next' }
  }
  try {
    return { kind: 'answered', status, body: JSON.parse(text) as unknown }
  } catch {
    return { kind: 'invalid' }
  }
}
