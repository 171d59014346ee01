/**
 * The wallet's errors: an Error with a numeric `code`. The Wallet Standard names no codes, so
 * these are the EIP-1193 ones Solana wallets (Phantom, Solflare) also throw, which adapters test.
 */
export class WalletError extends Error {
  override readonly name = 'WalletError'
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export const ErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_CHAIN: 4901,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
} as const

export const userRejected = (): WalletError =>
  new WalletError(ErrorCode.USER_REJECTED, 'User rejected the request.')

export const unauthorized = (): WalletError =>
  new WalletError(
    ErrorCode.UNAUTHORIZED,
    'The requested account and/or method has not been authorized by the user.',
  )

export const invalidParams = (detail: string): WalletError =>
  new WalletError(ErrorCode.INVALID_PARAMS, `Invalid method parameter(s): ${detail}`)

export const unsupportedChain = (chain: string): WalletError =>
  new WalletError(ErrorCode.UNSUPPORTED_CHAIN, `This wallet cannot send to ${chain}.`)
