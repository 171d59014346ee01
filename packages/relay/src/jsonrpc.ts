/**
 * JSON-RPC 2.0 framing for the relay socket: every inbound frame is checked with zod before
 * anything reads it, and every outbound frame is built here.
 */
import { z } from 'zod'

export const RPC_ERRORS = {
  parse: { code: -32700, message: 'Parse error: the frame is not JSON' },
  invalidRequest: { code: -32600, message: 'Invalid request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  internal: { code: -32603, message: 'Internal error' },
  /** Relay-specific: a bound (topics) is reached; the client may retry later. */
  capacity: { code: -32000, message: 'Relay capacity reached' },
} as const

export type RpcErrorKind = keyof typeof RPC_ERRORS

/**
 * Ids are strings or safe integers. @walletconnect/core sends its (64-bit) ids as strings; a bare
 * number past 2^53 would come back rounded and the client would never match the response.
 */
const rpcId = z.union([
  z.string().min(1).max(64),
  z
    .number()
    .int()
    .refine((n) => Number.isSafeInteger(n), 'id must be a safe integer or a string'),
])
export type RpcId = z.infer<typeof rpcId>

const requestFrame = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcId,
  method: z.string().min(1).max(64),
  params: z.unknown().optional(),
})

const resultFrame = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcId,
  result: z.unknown(),
})

const errorFrame = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcId.nullable(),
  error: z.object({ code: z.number(), message: z.string() }).loose(),
})

export type InboundFrame =
  | { kind: 'request'; id: RpcId; method: string; params: unknown }
  | { kind: 'result'; id: RpcId; result: unknown }
  | { kind: 'error'; id: RpcId | null }
  | { kind: 'invalid'; error: RpcErrorKind; id: RpcId | null; detail?: string }

/** Parses one text frame; never throws. */
export function parseFrame(text: string): InboundFrame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'invalid', error: 'parse', id: null }
  }
  const request = requestFrame.safeParse(value)
  if (request.success) {
    const { id, method, params } = request.data
    return { kind: 'request', id, method, params }
  }
  if (isObject(value) && 'result' in value) {
    const result = resultFrame.safeParse(value)
    if (result.success) return { kind: 'result', id: result.data.id, result: result.data.result }
  }
  if (isObject(value) && 'error' in value) {
    const error = errorFrame.safeParse(value)
    if (error.success) return { kind: 'error', id: error.data.id }
  }
  // Echo the id back when it is usable, so the client can match the error to its request.
  const id = isObject(value) ? rpcId.safeParse(value.id) : undefined
  return { kind: 'invalid', error: 'invalidRequest', id: id?.success ? id.data : null }
}

export function encodeResult(id: RpcId, result: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', result })
}

export function encodeError(id: RpcId | null, kind: RpcErrorKind, detail?: string): string {
  const { code, message } = RPC_ERRORS[kind]
  return JSON.stringify({
    id,
    jsonrpc: '2.0',
    error: { code, message: detail ? `${message}: ${detail}` : message },
  })
}

export function encodeRequest(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params })
}

/** A short, single-line description of zod issues for error messages (no input echoed). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`)
    .join('; ')
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
