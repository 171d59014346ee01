/**
 * The wallet's errors: an Error with a numeric `code`. The Wallet-Standard face throws them with
 * the EIP-1193 codes the dev wallets share (the Wallet Standard names none); the sats-connect
 * face answers the same failures as JSON-RPC errors with sats-connect's `RpcErrorCode`s
 * ({@link rpcErrorOf}).
 */
export class WalletError extends Error {
  override readonly name = 'WalletError'
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/** The Wallet-Standard face's codes (EIP-1193's, as the other dev wallets throw). */
export const ErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_NETWORK: 4901,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
} as const

/** sats-connect's `RpcErrorCode` (`@sats-connect/core`), which its `request()` passes through. */
export const RpcErrorCode = {
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  ACCESS_DENIED: -32002,
} as const

export const userRejected = (): WalletError =>
  new WalletError(ErrorCode.USER_REJECTED, 'User rejected the request.')

export const unauthorized = (detail = 'the site is not connected'): WalletError =>
  new WalletError(
    ErrorCode.UNAUTHORIZED,
    `The requested account and/or method has not been authorized by the user: ${detail}.`,
  )

/** Asked to sign or send anywhere but regtest: the only chain this wallet has a node for. */
export const unsupportedNetwork = (asked: string): WalletError =>
  new WalletError(
    ErrorCode.UNSUPPORTED_NETWORK,
    `Latch Bitcoin Dev Wallet signs and sends on regtest only; this request is for ${asked}.`,
  )

export const invalidParams = (detail: string): WalletError =>
  new WalletError(ErrorCode.INVALID_PARAMS, `Invalid method parameter(s): ${detail}`)

export const internalError = (detail: string): WalletError =>
  new WalletError(ErrorCode.INTERNAL, detail)

const RPC_CODES: Readonly<Record<number, number>> = {
  [ErrorCode.USER_REJECTED]: RpcErrorCode.USER_REJECTION,
  [ErrorCode.UNAUTHORIZED]: RpcErrorCode.ACCESS_DENIED,
  [ErrorCode.UNSUPPORTED_NETWORK]: RpcErrorCode.METHOD_NOT_SUPPORTED,
  [ErrorCode.INVALID_PARAMS]: RpcErrorCode.INVALID_PARAMS,
  [ErrorCode.INTERNAL]: RpcErrorCode.INTERNAL_ERROR,
}

/** A failure as sats-connect's JSON-RPC error object; anything unexpected is an internal error. */
export function rpcErrorOf(error: unknown): { code: number; message: string } {
  if (error instanceof WalletError) {
    return { code: RPC_CODES[error.code] ?? RpcErrorCode.INTERNAL_ERROR, message: error.message }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { code: RpcErrorCode.INTERNAL_ERROR, message }
}
