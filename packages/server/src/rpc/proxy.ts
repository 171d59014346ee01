import {
  errorMessages,
  jsonRpcRequestSchema,
  jsonRpcResponseSchema,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '@latch/core/api'
import { idOf, RPC_ERROR, rpcError } from './json-rpc.js'
import { postUpstream, type UpstreamOptions, type UpstreamResult } from './upstream.js'

/** The most requests one batch may hold. */
export const RPC_MAX_BATCH = 100

/**
 * What the proxy answers. HTTP statuses describe the exchange, JSON-RPC answers each request:
 * 200 when every request has its answer (errors from the node or the allowlist, and a batch's
 * invalid entries, included); 400 when the body as a whole cannot be served (not JSON, neither a
 * request nor a batch, an empty or too large batch, a lone invalid request); 429 over the rate
 * limit; 502 when the upstream failed. `body` is null only when every request was a
 * notification (JSON-RPC: no answer): then the status is 204.
 */
export interface ProxyReply {
  status: 200 | 204 | 400 | 429 | 502
  body: JsonRpcResponse | JsonRpcResponse[] | null
}

/** The body's requests, as read before the rate limit counts them. */
export interface RpcEnvelope {
  batch: boolean
  /** Each entry as sent; checked one by one, so one bad entry spoils only its own answer. */
  entries: readonly unknown[]
}

/** A body that is not JSON: the JSON-RPC parse error, with HTTP 400. */
export function parseErrorReply(): ProxyReply {
  return { status: 400, body: rpcError(null, RPC_ERROR.parse, 'Parse error') }
}

/**
 * The body's requests: one request object, or a batch (an array of 1 to {@link RPC_MAX_BATCH}).
 * @returns a 400 reply when it is neither.
 */
export function readEnvelope(json: unknown): RpcEnvelope | ProxyReply {
  if (Array.isArray(json)) {
    if (json.length === 0) return invalid('Invalid request: empty batch')
    if (json.length > RPC_MAX_BATCH) {
      return invalid(`Invalid request: a batch holds at most ${RPC_MAX_BATCH} requests`)
    }
    return { batch: true, entries: json }
  }
  if (typeof json === 'object' && json !== null) return { batch: false, entries: [json] }
  return invalid('Invalid request: not a JSON-RPC request or batch')
}

function invalid(message: string): ProxyReply {
  return { status: 400, body: rpcError(null, RPC_ERROR.invalidRequest, message) }
}

/** Every request of the envelope answered with one error (rate limit, upstream down). */
export function replyToAll(
  envelope: RpcEnvelope,
  status: ProxyReply['status'],
  code: number,
  message: string,
): ProxyReply {
  const answers = envelope.entries.map((entry) =>
    isNotification(entry) ? undefined : rpcError(idOf(entry), code, message),
  )
  return assemble(envelope, status, answers, rpcError(null, code, message))
}

/** What the proxy needs for one call. */
export interface ProxyContext {
  /** The chain's upstream URLs, in order. */
  urls: readonly string[]
  allowlist: ReadonlySet<string>
  upstream: UpstreamOptions
}

/**
 * Answers an envelope: checks each entry with core's `jsonRpcRequestSchema`, refuses methods off
 * the allowlist without sending them anywhere, forwards the rest upstream as one call (a single
 * request alone, several as one batch), checks every answer with `jsonRpcResponseSchema`, and
 * puts the answers back in the client's order with the client's ids.
 */
export async function proxyJsonRpc(
  envelope: RpcEnvelope,
  context: ProxyContext,
): Promise<ProxyReply> {
  const answers: (JsonRpcResponse | undefined)[] = []
  /** The entries going upstream: the upstream sees its index as the id. */
  const forwarded: { index: number; request: JsonRpcRequest }[] = []
  envelope.entries.forEach((entry, index) => {
    const parsed = jsonRpcRequestSchema.safeParse(entry)
    if (!parsed.success) {
      answers[index] = rpcError(idOf(entry), RPC_ERROR.invalidRequest, 'Invalid request', {
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.map(String),
          message: issue.message,
        })),
      })
    } else if (!context.allowlist.has(parsed.data.method)) {
      // Refused here, so it never reaches the upstream; a notification gets no answer either way.
      answers[index] = isNotificationRequest(parsed.data)
        ? undefined
        : rpcError(
            parsed.data.id ?? null,
            RPC_ERROR.methodNotAllowed,
            errorMessages.RPC_METHOD_NOT_ALLOWED,
            { method: parsed.data.method },
          )
    } else {
      forwarded.push({ index, request: parsed.data })
    }
  })
  if (!envelope.batch && forwarded.length === 0) {
    // A lone request that is not one (400: nothing in the body can be served), or refused.
    const answer = answers[0]
    if (answer === undefined) return { status: 204, body: null }
    const refused = 'error' in answer && answer.error.code === RPC_ERROR.methodNotAllowed
    return { status: refused ? 200 : 400, body: answer }
  }
  let status: ProxyReply['status'] = 200
  let failure: JsonRpcResponse | undefined
  if (forwarded.length > 0) {
    // Ids are the proxy's own upstream: the client's may repeat, be null or be absent
    // (notifications), and the answers must still find their requests.
    const outgoing = forwarded.map(({ request }, upstreamId) => ({
      jsonrpc: '2.0' as const,
      id: upstreamId,
      method: request.method,
      ...(request.params === undefined ? {} : { params: request.params }),
    }))
    const result = await postUpstream(
      context.urls,
      outgoing.length === 1 ? outgoing[0] : outgoing,
      context.upstream,
    )
    const merged = mergeUpstream(result, forwarded.length)
    status = merged.status
    if (status !== 200) failure = merged.answers[0]
    forwarded.forEach(({ index, request }, upstreamId) => {
      const answer = merged.answers[upstreamId]!
      answers[index] = isNotificationRequest(request)
        ? undefined
        : ({ ...answer, id: request.id ?? null } as JsonRpcResponse)
    })
  }
  return assemble(envelope, status, answers, failure)
}

/** The upstream's answers by upstream id (0…count-1), each checked, or one error for each. */
function mergeUpstream(
  result: UpstreamResult,
  count: number,
): { status: 200 | 502; answers: JsonRpcResponse[] } {
  if (!result.ok) {
    const error =
      result.failure === 'unavailable'
        ? rpcError(null, RPC_ERROR.unavailable, 'Upstream RPC unavailable')
        : invalidUpstream()
    return { status: 502, answers: Array.from({ length: count }, () => error) }
  }
  const list = Array.isArray(result.body) ? result.body : [result.body]
  const byId = new Map<number, JsonRpcResponse>()
  let shared: JsonRpcResponse | undefined
  for (const item of list) {
    const parsed = jsonRpcResponseSchema.safeParse(item)
    if (!parsed.success) continue
    const { id } = parsed.data
    if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < count) {
      if (!byId.has(id)) byId.set(id, parsed.data)
    } else if (id === null && 'error' in parsed.data) {
      // One error for the whole call (a node refusing the batch itself): each request's answer.
      shared ??= parsed.data
    }
  }
  if (byId.size === 0 && shared === undefined) {
    return { status: 502, answers: Array.from({ length: count }, invalidUpstream) }
  }
  const answers = Array.from(
    { length: count },
    (_, id) => byId.get(id) ?? shared ?? invalidUpstream(),
  )
  return { status: 200, answers }
}

function invalidUpstream(): JsonRpcResponse {
  return rpcError(null, RPC_ERROR.internal, 'Internal error: invalid answer from the upstream RPC')
}

/** A request without an id: JSON-RPC gives it no answer. */
function isNotificationRequest(request: JsonRpcRequest): boolean {
  return request.id === undefined
}

function isNotification(entry: unknown): boolean {
  const parsed = jsonRpcRequestSchema.safeParse(entry)
  return parsed.success && isNotificationRequest(parsed.data)
}

/** The body in the client's shape: one answer, or the batch's answers in its order. */
function assemble(
  envelope: RpcEnvelope,
  status: ProxyReply['status'],
  answers: readonly (JsonRpcResponse | undefined)[],
  /** Sent (id null) when only notifications failed: the client still learns of the failure. */
  failure?: JsonRpcResponse,
): ProxyReply {
  const present = envelope.entries
    .map((_, index) => answers[index])
    .filter((answer): answer is JsonRpcResponse => answer !== undefined)
  if (present.length === 0) {
    return failure === undefined ? { status: 204, body: null } : { status, body: failure }
  }
  return { status, body: envelope.batch ? present : present[0]! }
}
