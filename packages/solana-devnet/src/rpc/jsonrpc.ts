/**
 * JSON-RPC 2.0 framing shared by the HTTP and WebSocket servers: the envelope is checked with zod,
 * each method's params with its own schema, batches are answered in order, notifications (no
 * `id`) get no answer, and nothing a client sends can throw past here.
 */
import { z } from 'zod'
import { parseJson, stringifyJson } from '../serialize.js'
import { RPC_ERROR_CODES, RpcError, type RpcErrorObject } from './errors.js'

/** A method: validates its raw params, then answers (or throws an {@link RpcError}). */
export type RpcMethod<Context> = (context: Context, params: unknown) => unknown

export type MethodTable<Context> = Readonly<Record<string, RpcMethod<Context>>>

type RpcId = string | number | bigint | null

/** A JSON-RPC response object (the result or error member, with the request's id). */
export type RpcResponse =
  | { jsonrpc: '2.0'; result: unknown; id: RpcId }
  | { jsonrpc: '2.0'; error: RpcErrorObject; id: RpcId }

const idSchema = z.union([z.string(), z.number(), z.bigint(), z.null()])
const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: z.unknown().optional(),
  id: idSchema.optional(),
})

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ')
}

/**
 * Wraps a method so its params are checked first: positional params (an array; absent means
 * none), parsed by `schema`. A mismatch is -32602 "Invalid params: …".
 */
export function rpcMethod<Context, S extends z.ZodType>(
  schema: S,
  handler: (context: Context, params: z.output<S>) => unknown,
): RpcMethod<Context> {
  return (context, raw) => {
    const parsed = schema.safeParse(raw ?? [])
    if (!parsed.success) {
      throw new RpcError(
        RPC_ERROR_CODES.invalidParams,
        `Invalid params: ${formatIssues(parsed.error)}`,
      )
    }
    return handler(context, parsed.data)
  }
}

function failure(id: RpcId, code: number, message: string): RpcResponse {
  return { jsonrpc: '2.0', error: { code, message }, id }
}

function idOf(value: unknown): RpcId {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null
  const parsed = idSchema.safeParse(value.id)
  return parsed.success ? parsed.data : null
}

async function answerOne<Context>(
  value: unknown,
  methods: MethodTable<Context>,
  context: Context,
): Promise<RpcResponse | undefined> {
  const request = requestSchema.safeParse(value)
  if (!request.success)
    return failure(idOf(value), RPC_ERROR_CODES.invalidRequest, 'Invalid request')
  const { method, params, id } = request.data
  const isNotification = id === undefined
  // Own properties only: "constructor" or "__proto__" are not methods.
  if (!Object.hasOwn(methods, method)) {
    return isNotification
      ? undefined
      : failure(id, RPC_ERROR_CODES.methodNotFound, 'Method not found')
  }
  try {
    const result = await methods[method]!(context, params)
    return isNotification ? undefined : { jsonrpc: '2.0', result, id }
  } catch (error) {
    if (isNotification) return undefined
    if (error instanceof RpcError) return { jsonrpc: '2.0', error: error.toJSON(), id }
    // A bug in the devnet, not in the request: say so on stderr, answer as the node would.
    console.error(`latch-solana-devnet: ${method} failed:`, error)
    return failure(id, RPC_ERROR_CODES.internalError, 'Internal error')
  }
}

/**
 * Answers one JSON-RPC message, single or batch.
 * @returns the response JSON, or undefined when there is nothing to send (only notifications).
 */
export async function answerJsonRpc<Context>(
  text: string,
  methods: MethodTable<Context>,
  context: Context,
): Promise<string | undefined> {
  let body: unknown
  try {
    body = parseJson(text)
  } catch {
    return stringifyJson(failure(null, RPC_ERROR_CODES.parseError, 'Parse error'))
  }
  if (!Array.isArray(body)) {
    const response = await answerOne(body, methods, context)
    return response === undefined ? undefined : stringifyJson(response)
  }
  if (body.length === 0) {
    return stringifyJson(failure(null, RPC_ERROR_CODES.invalidRequest, 'Invalid request'))
  }
  const responses: RpcResponse[] = []
  // In order, not at once: each may change the chain the next one reads.
  for (const item of body) {
    const response = await answerOne(item, methods, context)
    if (response !== undefined) responses.push(response)
  }
  return responses.length === 0 ? undefined : stringifyJson(responses)
}
