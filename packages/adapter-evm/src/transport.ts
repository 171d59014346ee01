import type { Network } from '@latch/core'
import { http, MethodNotFoundRpcError, MethodNotSupportedRpcError, withRetry } from 'viem'
import type { BaseError, EIP1193RequestFn, HttpTransport, HttpTransportConfig } from 'viem'
import { httpStatusOf } from './errors.js'

/** SPEC §9 library defaults for the chain RPC over HTTP. */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_DELAY_MS = 150

/** SPEC §7: the only HTTP statuses a chain RPC call is retried on. */
export const RETRIED_HTTP_STATUSES: ReadonlySet<number> = new Set([
  403, 408, 413, 429, 500, 502, 503, 504,
])

/** The wait before retry number `attempt + 1`: 150, 300, 600 ms with the defaults. */
export function retryDelayFor(attempt: number, baseDelay = RPC_RETRY_DELAY_MS): number {
  return baseDelay * 2 ** attempt
}

/**
 * Whether a failed RPC call is retried: only when it failed with one of
 * {@link RETRIED_HTTP_STATUSES}, and never when the node says it does not serve the method
 * (that answer will not change).
 *
 * Stricter than viem's own `shouldRetry`, on purpose: viem also retries network errors, its own
 * timeouts, and JSON-RPC codes -1, -32005, -32603, -32007 and 429 sent with HTTP 200. Retrying a
 * 10 s timeout would hold the user up to 40 s; -32603 is how many nodes report a deterministic
 * failure; and the SPEC lists statuses. viem's `Retry-After` handling is not kept either: a server
 * header must not stretch the 150 ms doubling into minutes.
 */
export function isRetriedRpcError(error: unknown): boolean {
  if (error instanceof MethodNotFoundRpcError || error instanceof MethodNotSupportedRpcError) {
    return false
  }
  const status = httpStatusOf(error)
  return status !== undefined && RETRIED_HTTP_STATUSES.has(status)
}

/** Options for {@link createEvmTransport}; viem's `http` options, with SPEC §9 defaults. */
export type EvmTransportOptions = HttpTransportConfig

/**
 * viem's `http` transport with the SPEC §9 defaults: a 10 000 ms timeout per attempt, and up to 3
 * retries after 150, 300 and 600 ms, only for {@link isRetriedRpcError}. A call that asks for
 * `retryCount: 0` (viem does for signing and sending raw transactions) is never retried.
 */
export function createEvmTransport(url: string, options: EvmTransportOptions = {}): HttpTransport {
  const {
    retryCount = RPC_RETRY_COUNT,
    retryDelay = RPC_RETRY_DELAY_MS,
    timeout = RPC_TIMEOUT_MS,
  } = options
  // viem's own retries are switched off; the policy above is applied around each request.
  const base = http(url, { ...options, timeout, retryCount: 0 })
  return (parameters) => {
    const transport = base(parameters)
    const request: EIP1193RequestFn = (args, callOptions) => {
      const attempts = callOptions?.retryCount ?? retryCount
      const delay = callOptions?.retryDelay ?? retryDelay
      return withRetry(() => transport.request(args, { ...callOptions, retryCount: 0 }), {
        retryCount: attempts,
        delay: ({ count }) => retryDelayFor(count, delay),
        shouldRetry: ({ error }) => isRetriedRpcError(error as BaseError),
        signal: callOptions?.signal,
      })
    }
    return { ...transport, config: { ...transport.config, retryCount, retryDelay }, request }
  }
}

/** Where {@link rpcUrlFor} sends a network's RPC calls. */
export interface RpcUrlOptions {
  /** The provider project id, sent as `projectId` on the SPEC §7 default path. */
  projectId?: string
  /** Base URL of the provider's RPC (e.g. a self-hosted proxy); absent → the network's own URL. */
  rpcBaseUrl?: string
}

/**
 * The RPC URL for a network. With `rpcBaseUrl`, the SPEC §7 default path: `/v1/` under that base
 * with query parameters `chainId` (the CAIP-2 id) and `projectId` (when given), e.g.
 * `https://rpc.example.com/v1/?chainId=eip155%3A1&projectId=abc`. Without it, the network's own
 * `rpcUrls.default.http[0]` (in the playground, the devnet's URL).
 * @throws TypeError when `rpcBaseUrl` is not an http(s) URL.
 */
export function rpcUrlFor(network: Network, options: RpcUrlOptions = {}): string {
  const { rpcBaseUrl, projectId } = options
  if (rpcBaseUrl === undefined || rpcBaseUrl === '') {
    const own = network.rpcUrls.default.http[0]
    if (own === undefined) throw new TypeError(`No RPC URL for ${network.caipNetworkId}`)
    return own
  }
  const url = new URL(rpcBaseUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`rpcBaseUrl must be an http(s) URL: ${rpcBaseUrl}`)
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/`
  url.searchParams.set('chainId', network.caipNetworkId)
  if (projectId !== undefined && projectId !== '') url.searchParams.set('projectId', projectId)
  return url.toString()
}
