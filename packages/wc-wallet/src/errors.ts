import { BaseError, RpcRequestError } from 'viem'

/**
 * A JSON-RPC error the wallet answers a dapp's request with: EIP-1193 / EIP-1474 codes, carried
 * to the dapp as the `error` of a WalletConnect `wc_sessionRequest` response.
 */
export class WalletRpcError extends Error {
  override readonly name = 'WalletRpcError'
  readonly code: number
  declare readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }

  /** The JSON-RPC `error` object. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

/** The codes this wallet answers with (EIP-1193 provider errors, EIP-1474 JSON-RPC errors). */
export const RpcErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  CHAIN_DISCONNECTED: 4901,
  UNRECOGNIZED_CHAIN: 4902,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
} as const

export const userRejected = (): WalletRpcError =>
  new WalletRpcError(RpcErrorCode.USER_REJECTED, 'User rejected the request.')

export const unauthorized = (detail: string): WalletRpcError =>
  new WalletRpcError(
    RpcErrorCode.UNAUTHORIZED,
    `The requested account and/or method has not been authorized by the user: ${detail}`,
  )

export const unsupportedMethod = (method: string): WalletRpcError =>
  new WalletRpcError(
    RpcErrorCode.UNSUPPORTED_METHOD,
    `The requested method is not supported by this wallet: ${method}`,
  )

/** MetaMask's wording, which dapps and libraries look for. */
export const unrecognizedChain = (chainId: number): WalletRpcError =>
  new WalletRpcError(
    RpcErrorCode.UNRECOGNIZED_CHAIN,
    `Unrecognized chain ID "0x${chainId.toString(16)}". Try adding the chain using wallet_addEthereumChain first.`,
  )

/** EIP-1193 4901: a chain the wallet has no RPC for (Solana clusters are named, not numbered). */
export const chainDisconnected = (chainId: string): WalletRpcError =>
  new WalletRpcError(
    RpcErrorCode.CHAIN_DISCONNECTED,
    `The wallet is not connected to the requested chain: ${chainId}`,
  )

export const invalidParams = (method: string, detail: string): WalletRpcError =>
  new WalletRpcError(RpcErrorCode.INVALID_PARAMS, `Invalid params for ${method}: ${detail}`)

/**
 * Turns anything thrown while answering into a WalletRpcError. A node's own JSON-RPC error (a
 * revert with its data, a nonce error) is kept as it is, so the dapp sees what a real wallet relays.
 */
export function toWalletRpcError(error: unknown): WalletRpcError {
  if (error instanceof WalletRpcError) return error
  if (error instanceof BaseError) {
    const rpc = error.walk((cause) => cause instanceof RpcRequestError)
    if (rpc instanceof RpcRequestError) return new WalletRpcError(rpc.code, rpc.details, rpc.data)
    return new WalletRpcError(RpcErrorCode.INTERNAL, error.shortMessage)
  }
  return new WalletRpcError(
    RpcErrorCode.INTERNAL,
    error instanceof Error ? error.message : String(error),
  )
}
