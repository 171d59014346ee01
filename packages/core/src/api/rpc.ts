// SPEC §7 "Chain RPC" through the Latch server: the supported chains and the proxy's query.
import * as z from 'zod/mini'
import { isCaipNetworkId } from '../identifiers/caip.js'
import { projectIdSchema } from './sdk.js'

/** SPEC §7 `GET /v1/supported-chains`: the CAIP-2 ids the server answers for, per transport. */
export const supportedChainsSchema = z.object({
  http: z.array(z.string().check(z.refine(isCaipNetworkId, 'Invalid CAIP-2 network id'))),
  ws: z.array(z.string().check(z.refine(isCaipNetworkId, 'Invalid CAIP-2 network id'))),
})

/** SPEC §7 `POST /v1/?chainId&projectId`: the proxy's query. */
export const rpcProxyParamsSchema = z.object({
  chainId: z.string().check(z.refine(isCaipNetworkId, 'Invalid CAIP-2 network id')),
  projectId: projectIdSchema,
})

const jsonRpcId = z.union([z.string().check(z.maxLength(256)), z.number(), z.null()])

/** One JSON-RPC 2.0 request. */
export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(jsonRpcId),
  method: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'Invalid method')),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})

/** One JSON-RPC 2.0 response: a result or an error. */
export const jsonRpcResponseSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: jsonRpcId, result: z.unknown() }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: jsonRpcId,
    error: z.object({
      code: z.number().check(z.int()),
      message: z.string(),
      data: z.optional(z.unknown()),
    }),
  }),
])

/** The SPEC §7 statuses a call is retried on. */
export const RETRIED_HTTP_STATUSES: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504]

// Its own module, so the options (start-up code) can fill a network's default RPC without these
// schemas.
export { serverRpcUrl } from './urls.js'

export type SupportedChains = z.output<typeof supportedChainsSchema>
export type JsonRpcRequest = z.output<typeof jsonRpcRequestSchema>
export type JsonRpcResponse = z.output<typeof jsonRpcResponseSchema>
