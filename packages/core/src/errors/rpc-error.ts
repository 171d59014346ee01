import { LatchError } from './latch-error.js'

/** EIP-1193 / JSON-RPC codes that core's rules depend on. */
export const RpcErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  UNRECOGNIZED_CHAIN: 4902,
  INTERNAL_ERROR: -32603,
  /** WalletConnect wallets answer an unknown chain with 5000. */
  WALLET_CONNECT_UNKNOWN_CHAIN: 5000,
} as const

const USER_REJECTED_TEXT = /user rejected|connection request reset/i

/** Reads a numeric `code` from an error-like value, also when wrapped in `cause` or `data`. */
export function rpcErrorCode(error: unknown, depth = 0): number | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined
  const record = error as { code?: unknown; cause?: unknown; data?: unknown }
  if (typeof record.code === 'number') return record.code
  return rpcErrorCode(record.cause, depth + 1) ?? rpcErrorCode(record.data, depth + 1)
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null) {
    const { message, shortMessage } = error as { message?: unknown; shortMessage?: unknown }
    return [message, shortMessage].filter((part) => typeof part === 'string').join(' ')
  }
  return ''
}

/**
 * SPEC §8: code 4001, or a text like 'user rejected' or 'connection request reset', is a
 * user rejection, whatever the wallet wrapped it in.
 */
export function isUserRejectedError(error: unknown): boolean {
  if (error instanceof LatchError) return error.code === 'USER_REJECTED'
  return (
    rpcErrorCode(error) === RpcErrorCode.USER_REJECTED || USER_REJECTED_TEXT.test(errorText(error))
  )
}

/**
 * SPEC §4: a chain-switch failure with one of these codes means the wallet does not know the
 * chain, so it is added (wallet_addEthereumChain) and the switch retried. The SPEC writes
 * 32603 without its sign; wallets send -32603, and both are accepted.
 */
export function isUnrecognizedChainError(error: unknown): boolean {
  const code = rpcErrorCode(error)
  return (
    code === RpcErrorCode.UNRECOGNIZED_CHAIN ||
    code === RpcErrorCode.INTERNAL_ERROR ||
    code === -RpcErrorCode.INTERNAL_ERROR ||
    code === RpcErrorCode.WALLET_CONNECT_UNKNOWN_CHAIN
  )
}

/** Normalises anything thrown into a LatchError: user rejections, then unknown errors. */
export function toLatchError(error: unknown): LatchError {
  if (error instanceof LatchError) return error
  if (isUserRejectedError(error)) return new LatchError('USER_REJECTED', { cause: error })
  return new LatchError('UNKNOWN_ERROR', { cause: error })
}
