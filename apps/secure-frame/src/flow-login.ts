import type * as z from 'zod/mini'
import { ApiError, type ApiCall } from './api.js'
import { SESSION_EXPIRED } from './session.js'

// What the social and the Farcaster logins share (issue 12): a flow the frame started on the
// server with its device key, remembered in memory under what the host was handed (a provider's
// URI, a Farcaster link), then awaited: the result asked for every `pollMs` until it is ready,
// then swapped, once, for a session. The result never travels through the host page.

/** SPEC §8 'An error occurred': a connect for a flow this frame did not hand out (or ended). */
export const FLOW_UNKNOWN = 'An error occurred'

/** SPEC §8 'Embedded Wallet Request Timed Out': no result within the time allowed. */
export const FLOW_TIMED_OUT = 'Embedded Wallet Request Timed Out'

/** A flow's result as both logins' servers answer it. */
export type FlowResult =
  { status: 'pending' } | { status: 'ready' } | { status: 'error'; code: string; message: string }

/** The answer schema the frame parses a server's reply with. */
type Schema<T> = z.ZodMiniType<T>

/** A login's timings and clock, as main.ts (the defaults) or a test (shorter) sets them. */
export interface FlowTimings {
  /** How often the result is asked for; the login's own default otherwise. */
  pollMs?: number
  /** From the flow's start to the end of the wait; the login's own default otherwise. */
  resultTimeoutMs?: number
  now?: () => number
}

/** What a login's flows are: its routes, its answers, its default timings. */
export interface FlowLoginOptions<Session> {
  /** The server's routes: the result to poll, the connect that gives the session. */
  paths: { result: string; connect: string }
  resultSchema: Schema<FlowResult>
  connectSchema: Schema<Session>
  defaults: { pollMs: number; resultTimeoutMs: number }
}

export interface FlowLogin<Session> {
  /** Remembers a flow the server started, under the `key` the host was handed. */
  remember(key: string, flowId: string): void
  /**
   * Waits for `key`'s flow (a poll the network lost, a 429 or a 5xx is asked again), then
   * takes its session.
   * @throws Error 'An error occurred' for a key this frame did not hand out (or already ended);
   *   'Session Expired' when the server let the flow expire; 'Embedded Wallet Request Timed Out'
   *   when the time allowed passed since the flow started; the server's message for any other
   *   end. An abort stops the polling at once and rejects with the signal's reason; the flow
   *   stays for another connect until its deadline.
   */
  connect(key: string, signal: AbortSignal): Promise<Session>
  /**
   * Waits for a flow this frame did not remember, then takes its session, as `connect` does:
   * a mini app's social login (issue 29) comes back to a new page, so a new frame, which learns
   * the flow from the result URI. `extra` goes with the flow's id in the result and connect
   * calls (the return code that proves the URI); the wait is bounded from this call on.
   * @throws as `connect`, but never 'An error occurred': the server decides whether the flow is
   *   this device's.
   */
  resume(
    flowId: string,
    extra: Readonly<Record<string, string>>,
    signal: AbortSignal,
  ): Promise<Session>
}

interface Flow {
  /** What the result and connect calls send: the flow's id (and a resumed flow's extra). */
  body: Readonly<Record<string, string>> & { flowId: string }
  /** When the frame stops waiting (ms, on `now`'s clock). */
  deadline: number
}

export function createFlowLogin<Session>(
  api: ApiCall,
  options: FlowLoginOptions<Session>,
  timings: FlowTimings = {},
): FlowLogin<Session> {
  const { paths } = options
  const pollMs = timings.pollMs ?? options.defaults.pollMs
  const resultTimeoutMs = timings.resultTimeoutMs ?? options.defaults.resultTimeoutMs
  const now = timings.now ?? Date.now
  const flows = new Map<string, Flow>()

  /** Flows nobody waits for any more (their host gave up, or never asked): forgotten. */
  const prune = () => {
    for (const [key, flow] of flows) if (flow.deadline <= now()) flows.delete(key)
  }

  /** The result, until it is no longer pending or the flow's time is up. */
  const waitForResult = async (flow: Flow, signal: AbortSignal) => {
    for (;;) {
      const result: FlowResult = await api(paths.result, flow.body, options.resultSchema, {
        signal,
      }).catch((error: unknown) => {
        // A poll lost on a flaky network, or refused for a moment, is asked again.
        if (isTransient(error) && !signal.aborted) return { status: 'pending' as const }
        throw error
      })
      // The server may not have seen the abort (the answer was on its way): stop here anyway.
      signal.throwIfAborted()
      if (result.status === 'ready') return
      if (result.status === 'error') {
        throw new Error(result.code === 'FLOW_EXPIRED' ? SESSION_EXPIRED : result.message)
      }
      const left = flow.deadline - now()
      if (left <= 0) throw new Error(FLOW_TIMED_OUT)
      await delay(Math.min(pollMs, left), signal)
    }
  }

  /** The result, then the session: what a remembered and a resumed flow share. */
  const finish = async (flow: Flow, signal: AbortSignal) => {
    try {
      await waitForResult(flow, signal)
      return await api(paths.connect, flow.body, options.connectSchema, { signal })
    } catch (error) {
      throw expired(error)
    }
  }

  return {
    remember(key, flowId) {
      prune()
      flows.set(key, { body: { flowId }, deadline: now() + resultTimeoutMs })
    },
    async connect(key, signal) {
      const flow = flows.get(key)
      if (!flow) throw new Error(FLOW_UNKNOWN)
      try {
        const session = await finish(flow, signal)
        flows.delete(key)
        return session
      } catch (error) {
        // An abort leaves the flow to a later connect, within the same deadline; any other
        // end is final (the server's flow is done, or the frame stopped waiting for it).
        if (!signal.aborted) flows.delete(key)
        throw error
      }
    },
    // Nothing to remember: whoever has the result URI may resume again (after an abort, say),
    // and the server answers whether the flow is still there to take.
    resume: (flowId, extra, signal) =>
      finish({ body: { ...extra, flowId }, deadline: now() + resultTimeoutMs }, signal),
  }
}

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
