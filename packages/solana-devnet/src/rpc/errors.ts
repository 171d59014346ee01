/** JSON-RPC error codes: the standard ones, and the Solana RPC's own that the devnet returns. */
export const RPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** solana `RpcCustomError::SendTransactionPreflightFailure`. */
  preflightFailure: -32002,
  /** solana `RpcCustomError::TransactionSignatureVerificationFailure`. */
  signatureVerificationFailure: -32003,
  /** solana `RpcCustomError::MinContextSlotNotReached`. */
  minContextSlotNotReached: -32016,
} as const

/** The JSON-RPC `error` member of a response. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/**
 * An error a method answers with. Anything else a method throws is a bug in the devnet, answered
 * as -32603 "Internal error" so the server never crashes on it.
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcError'
  }

  toJSON(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}
