import { LatchError, RpcErrorCode } from '@latch/core'
import * as z from 'zod/mini'

const MESSAGE_MAX_LENGTH = 500

/**
 * A JSON-RPC error from the wallet (or from the provider on its behalf), as an Error with the
 * EIP-1193 `code` and `data`, so core's rules (4001 → USER_REJECTED, 4902 → add the chain) apply.
 */
export class WalletRpcError extends Error {
  override readonly name = 'WalletRpcError'
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/** Sign-client's codes for a rejected proposal (USER_REJECTED, _CHAINS, _METHODS, _EVENTS). */
const PROPOSAL_REJECTED_CODES: ReadonlySet<number> = new Set([5000, 5001, 5002, 5003])

/** What sign-client rejects with: the wallet's JSON-RPC error object, not an Error. */
const rpcErrorSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string(),
  data: z.optional(z.unknown()),
})

type RpcErrorObject = z.output<typeof rpcErrorSchema>

/**
 * The wallet's error object with its message cut to {@link MESSAGE_MAX_LENGTH}, or `undefined`.
 * The cut is done here rather than by a zod transform, which core's schemas never need: it would
 * add zod's pipe and transform to the modules shared with the host's start-up bundle.
 */
function parseRpcError(error: unknown): RpcErrorObject | undefined {
  const parsed = rpcErrorSchema.safeParse(error)
  if (!parsed.success) return undefined
  return { ...parsed.data, message: parsed.data.message.slice(0, MESSAGE_MAX_LENGTH) }
}

/**
 * Anything a request rejected with, as an Error: the wallet's `{ code, message, data }` becomes a
 * {@link WalletRpcError}; Errors (the provider's own, a LatchError) pass unchanged.
 */
export function toRequestError(error: unknown): Error {
  if (error instanceof Error) return error
  const parsed = parseRpcError(error)
  if (parsed) return new WalletRpcError(parsed.code, parsed.message, parsed.data)
  if (typeof error === 'string') return new Error(error.slice(0, MESSAGE_MAX_LENGTH))
  return new LatchError('UNKNOWN_ERROR', { cause: error })
}

/**
 * Why a proposal failed. A wallet declines a proposal with sign-client's 5000–5003 ('User
 * rejected.'), which becomes core's USER_REJECTED (EIP-1193's 4001); anything else is kept.
 */
export function toPairingError(error: unknown): Error {
  const parsed = parseRpcError(error)
  if (parsed && PROPOSAL_REJECTED_CODES.has(parsed.code)) {
    const cause = new WalletRpcError(RpcErrorCode.USER_REJECTED, parsed.message, {
      walletConnectCode: parsed.code,
    })
    return new LatchError('USER_REJECTED', { cause })
  }
  return toRequestError(error)
}

/** The error an abandoned pairing rejects with (the DOM's AbortError, as fetch uses). */
export function pairingAbortedError(): DOMException {
  return new DOMException('The pairing was abandoned.', 'AbortError')
}

/** EIP-1193 4200: the wallet did not approve this method for the session. */
export function unsupportedMethodError(method: string): WalletRpcError {
  return new WalletRpcError(
    RpcErrorCode.UNSUPPORTED_METHOD,
    `The wallet did not approve ${method.slice(0, 100)} for this session.`,
  )
}

/** EIP-1193 4901: no RPC URL is configured for the chain the session is on. */
export function chainDisconnectedError(chainId: string): WalletRpcError {
  return new WalletRpcError(
    RpcErrorCode.CHAIN_DISCONNECTED,
    `No RPC URL is configured for ${chainId.slice(0, 50)}.`,
  )
}
