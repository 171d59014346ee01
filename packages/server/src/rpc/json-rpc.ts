import type { JsonRpcResponse } from '@latch/core/api'

/** A JSON-RPC id as the client sent it (absent on a notification). */
export type JsonRpcId = string | number | null

/**
 * The error codes the proxy answers with itself: JSON-RPC 2.0's own, and EIP-1474's for what
 * JSON-RPC 2.0 leaves to the server, so viem and other clients map each to its typed error.
 */
export const RPC_ERROR = {
  /** The body is not JSON. */
  parse: -32700,
  /** Not a JSON-RPC request (or batch), or a batch that is empty or too large. */
  invalidRequest: -32600,
  /** A method the allowlist refuses: JSON-RPC's 'method not found', as geth answers it. */
  methodNotAllowed: -32601,
  /** The upstream answered with something that is not JSON-RPC. */
  internal: -32603,
  /** EIP-1474 'resource unavailable': no upstream answered. */
  unavailable: -32002,
  /** EIP-1474 'limit exceeded': the project's rate limit. */
  limitExceeded: -32005,
} as const

/** One JSON-RPC error answer. */
export function rpcError(
  id: JsonRpcId,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }
}

/** The id of a JSON value that claims to be a request, when it is a valid id; else null. */
export function idOf(value: unknown): JsonRpcId {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null
  const { id } = value
  if (typeof id === 'number' && Number.isFinite(id)) return id
  if (typeof id === 'string' && id.length <= 256) return id
  return null
}
