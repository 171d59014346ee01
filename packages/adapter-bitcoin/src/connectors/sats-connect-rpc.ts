import { LatchError } from '@latch/core'
import * as z from 'zod/mini'
import { BitcoinWalletError } from './wallet-error.js'

/**
 * A sats-connect provider (Xverse's `request()` API, found through WBIP-004's `btc_providers`):
 * `request(method, params)` resolves with a JSON-RPC 2.0 response message, as Xverse's does. Its
 * shapes are declared here (types and a few zod checks) rather than taken from
 * `@sats-connect/core`, which would bring axios, valibot and jsontokens into the host's page.
 */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?: (...args: never[]) => unknown
}

/** sats-connect's `RpcErrorCode`s the adapter acts on. */
export const SatsConnectErrorCode = {
  USER_REJECTION: -32000,
  METHOD_NOT_FOUND: -32601,
} as const

const rpcError = z.object({ code: z.number(), message: z.optional(z.string()) })

/**
 * The wallet's error as the adapter throws it: its own code and message, except a user
 * rejection (-32000, sats-connect's USER_REJECTION), which becomes core's USER_REJECTED (with
 * the wallet's error as its cause): core only knows EIP-1193's 4001 and the text.
 */
export function walletError(error: unknown): Error {
  const parsed = z.safeParse(rpcError, error)
  if (!parsed.success) return error instanceof Error ? error : new Error(String(error))
  const { code, message = 'The wallet refused the request' } = parsed.data
  const own =
    error instanceof Error && 'code' in error ? error : new BitcoinWalletError(code, message)
  return code === SatsConnectErrorCode.USER_REJECTION
    ? new LatchError('USER_REJECTED', { cause: own })
    : own
}

/**
 * One request: the result, or the wallet's error thrown (see {@link walletError}). Accepts the
 * JSON-RPC message, sats-connect's `{ status, result | error }`, a bare result, and providers
 * that reject instead of answering an error.
 */
export async function request(
  provider: SatsConnectProvider,
  method: string,
  params?: unknown,
): Promise<unknown> {
  let answer: unknown
  try {
    answer = await provider.request(method, params)
  } catch (error) {
    throw walletError(error)
  }
  if (typeof answer !== 'object' || answer === null) return answer
  const message = answer as { error?: unknown; result?: unknown }
  if (message.error !== undefined && message.error !== null) throw walletError(message.error)
  return 'result' in message ? message.result : answer
}

/** Whether an error is the wallet saying it lacks the method (older providers). */
export const isMethodNotFound = (error: unknown): boolean =>
  z.safeParse(rpcError, error).data?.code === SatsConnectErrorCode.METHOD_NOT_FOUND

const address = z.object({
  address: z.string(),
  publicKey: z.string(),
  purpose: z.optional(z.string()),
  derivationPath: z.optional(z.string()),
})

/** `getAddresses`, `wallet_connect` and `wallet_getAccount` answers; the network where told. */
export const accountAnswer = z.object({
  addresses: z.array(address),
  network: z.optional(z.object({ bitcoin: z.object({ name: z.string() }) })),
})

export const networkAnswer = z.object({ bitcoin: z.object({ name: z.string() }) })
export const signMessageAnswer = z.object({ signature: z.string().check(z.minLength(1)) })
export const signPsbtAnswer = z.object({ psbt: z.string(), txid: z.optional(z.string()) })
export const txidAnswer = z.object({ txid: z.string() })

/** An answer checked against its schema; a malformed one is `error` (a LatchError). */
export function parseAnswer<T>(
  schema: z.ZodMiniType<T>,
  answer: unknown,
  error: 'INVALID_SIGNATURE' | 'INVALID_TRANSACTION_HASH' | 'UNKNOWN_ERROR',
): T {
  const parsed = z.safeParse(schema, answer)
  if (!parsed.success) throw new LatchError(error, { cause: parsed.error })
  return parsed.data
}
