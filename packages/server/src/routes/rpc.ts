import { rpcProxyParamsSchema, supportedChainsSchema } from '@latch/core/api'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ChainConfig } from '../config/schema.js'
import type { RouteDeps } from '../deps.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest, queryOf, respond } from '../http/validate.js'
import { hitRateLimit } from '../limits/rate-limit.js'
import { rpcAllowlist } from '../rpc/allowlist.js'
import { anonymousRpcBudget, type RpcBudget } from '../rpc/budget.js'
import { RPC_ERROR, rpcError } from '../rpc/json-rpc.js'
import {
  parseErrorReply,
  proxyJsonRpc,
  readEnvelope,
  replyToAll,
  type ProxyReply,
  type RpcEnvelope,
} from '../rpc/proxy.js'
import type { UpstreamPolicy } from '../rpc/upstream.js'

/**
 * The largest body the proxy reads: a raw blob transaction (SPEC §9: at most 6 blobs of 131072
 * bytes) is about 1.6 MB of hex, and must fit.
 */
export const RPC_MAX_BODY_BYTES = 2 * 1024 * 1024

/**
 * SPEC §7 "Chain RPC": `GET /v1/supported-chains` and the JSON-RPC proxy, `POST /v1/?chainId&
 * projectId`, behind the app's project gate (project id, origin, CORS and its preflight).
 *
 * The query is checked like every route's (400 with its issues, as an API error): a chain this
 * server has no upstream for is such a 400 too, since clients ask supported-chains first (SPEC §7)
 * and nothing in the body can change the answer. From the body on, every answer is JSON-RPC:
 * 400 with -32700 for a body that is not JSON, or -32600 when it is no request or batch; 429
 * with -32005 per request and Retry-After over the call's budget (the project's anonymous one,
 * or the signed-in frame's own: see rpc/budget.ts); otherwise each request's
 * answer (see `proxyJsonRpc`), with 502 when the upstream failed.
 */
export function rpcRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()

  app.get('/v1/supported-chains', (c) =>
    // Every configured chain has at least one upstream URL (the config requires it).
    respond(c, supportedChainsSchema, {
      http: deps.config.chains.map((chain) => chain.caipNetworkId),
      ws: [],
    }),
  )

  const proxy = rpcProxy(deps, async (c) => anonymousRpcBudget(c.var.project))
  const limit = bodyLimit({
    maxSize: RPC_MAX_BODY_BYTES,
    onError: (c) =>
      c.json(rpcError(null, RPC_ERROR.invalidRequest, 'Request body too large'), 413 as const),
  })
  // `serverRpcUrl` writes `/v1/`; `/v1` is the same endpoint for a hand-written URL.
  app.post('/v1/', limit, proxy)
  app.post('/v1', limit, proxy)
  return app
}

/** Which budget a call spends, from the request and its body (see rpc/budget.ts). */
export type RpcBudgetOf = (c: Context<ProjectEnv>, body: string) => Promise<RpcBudget>

/**
 * The JSON-RPC proxy's handler (`chainId` in the query, the request in the body), counting each
 * call on the budget `budgetOf` names: `/v1/`'s anonymous one, or the frame route's.
 */
export function rpcProxy(deps: RouteDeps, budgetOf: RpcBudgetOf) {
  const chains = new Map<string, ChainConfig>(
    deps.config.chains.map((chain) => [chain.caipNetworkId, chain]),
  )
  const allowlist = rpcAllowlist(deps.config)
  const policy: UpstreamPolicy = {
    timeoutMs: deps.config.rpc.upstreamTimeoutMs,
    retries: deps.config.rpc.upstreamRetries,
    retryDelayMs: deps.config.rpc.upstreamRetryDelayMs,
  }

  return async (c: Context<ProjectEnv>) => {
    const { chainId } = parseRequest(rpcProxyParamsSchema, queryOf(c), 'query')
    const chain = chains.get(chainId)
    if (!chain) {
      throw new HttpError(400, 'Chain is not supported', [
        { path: ['chainId'], message: `This server has no RPC for ${chainId}` },
      ])
    }
    const text = await c.req.text()
    const envelope = readBody(text)
    // Each request of a batch counts; a body that is not one counts once.
    const hits = 'entries' in envelope ? envelope.entries.length : 1
    const budget = await budgetOf(c, text)
    const verdict = await hitRateLimit(deps.db, budget.key, budget.limit, deps.now(), hits)
    if (!verdict.allowed) {
      c.header('retry-after', String(verdict.retryAfterSeconds))
      const message = 'Rate limit exceeded for this project'
      return send(
        c,
        'entries' in envelope
          ? replyToAll(envelope, 429, RPC_ERROR.limitExceeded, message)
          : { status: 429, body: rpcError(null, RPC_ERROR.limitExceeded, message) },
      )
    }
    if (!('entries' in envelope)) return send(c, envelope)
    const reply = await proxyJsonRpc(envelope, {
      urls: chain.rpcUrls,
      allowlist,
      upstream: { fetch: deps.fetch, policy, signal: c.req.raw.signal },
    })
    return send(c, reply)
  }
}

/** The body's requests, or the 400 reply when it holds none. */
function readBody(text: string): RpcEnvelope | ProxyReply {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return parseErrorReply()
  }
  return readEnvelope(json)
}

function send(c: Context, reply: ProxyReply): Response {
  if (reply.body === null) return c.body(null, 204)
  return c.json(reply.body, reply.status as Exclude<ProxyReply['status'], 204>)
}
