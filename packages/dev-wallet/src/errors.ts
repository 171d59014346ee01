import { BaseError, RpcRequestError } from 'viem'

/** An EIP-1193 ProviderRpcError: an Error with a numeric `code` and optional `data`. */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError'
  readonly code: number
  declare readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/** Codes from EIP-1193, EIP-1474 and EIP-5792 that this wallet answers with. */
export const ErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  UNRECOGNIZED_CHAIN: 4902,
  INVALID_REQUEST: -32600,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  UNSUPPORTED_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN_ID: 5710,
  DUPLICATE_ID: 5720,
  UNKNOWN_BUNDLE_ID: 5730,
} as const

export const userRejected = (): ProviderRpcError =>
  new ProviderRpcError(ErrorCode.USER_REJECTED, 'User rejected the request.')

export const unauthorized = (): ProviderRpcError =>
  new ProviderRpcError(
    ErrorCode.UNAUTHORIZED,
    'The requested account and/or method has not been authorized by the user.',
  )

export const unsupportedMethod = (method: string): ProviderRpcError =>
  new ProviderRpcError(
    ErrorCode.UNSUPPORTED_METHOD,
    `The requested method is not supported by this Ethereum provider: ${method}`,
  )

/** MetaMask's wording, which dapps and libraries are used to. */
export const unrecognizedChain = (chainIdHex: string): ProviderRpcError =>
  new ProviderRpcError(
    ErrorCode.UNRECOGNIZED_CHAIN,
    `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`,
  )

export const invalidParams = (detail: string): ProviderRpcError =>
  new ProviderRpcError(ErrorCode.INVALID_PARAMS, `Invalid method parameter(s): ${detail}`)

export const disconnected = (): ProviderRpcError =>
  new ProviderRpcError(ErrorCode.DISCONNECTED, 'The provider is disconnected from all chains.')

/**
 * Turns anything thrown while serving a request into a ProviderRpcError, keeping the node's own
 * code, message and data (a revert's data included) so that dapps see what a real wallet relays.
 */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  if (error instanceof BaseError) {
    const rpc = error.walk((cause) => cause instanceof RpcRequestError)
    if (rpc instanceof RpcRequestError) return new ProviderRpcError(rpc.code, rpc.details, rpc.data)
    const coded = error.walk((cause) => typeof (cause as { code?: unknown }).code === 'number')
    if (coded instanceof BaseError) {
      return new ProviderRpcError((coded as BaseError & { code: number }).code, coded.shortMessage)
    }
    return new ProviderRpcError(ErrorCode.INTERNAL, error.shortMessage)
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ProviderRpcError(ErrorCode.INTERNAL, message)
}
