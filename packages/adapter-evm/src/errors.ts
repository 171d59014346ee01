import { isLatchError, isUserRejectedError, LatchError, type ErrorCode } from '@latch/core'
import {
  BaseError,
  ChainNotFoundError,
  ClientChainNotConfiguredError,
  HttpRequestError,
  InvalidChainIdError,
  RpcRequestError,
} from 'viem'

// Errors named by what they mean rather than by class: wallet SDKs (wagmi, WalletConnect) throw
// these with the same names and texts, and a wallet's error may come from another copy of viem.
const byName: Readonly<Record<string, ErrorCode>> = {
  ChainNotConfiguredError: 'CHAIN_NOT_CONFIGURED',
  ClientChainNotConfiguredError: 'CHAIN_NOT_CONFIGURED',
  ChainNotFoundError: 'CHAIN_NOT_CONFIGURED',
  ConnectorAlreadyConnectedError: 'CONNECTOR_ALREADY_CONNECTED',
  ConnectorNotConnectedError: 'CONNECTOR_NOT_CONNECTED',
  ProviderNotFoundError: 'PROVIDER_NOT_FOUND',
  InvalidChainIdError: 'INVALID_CHAIN_ID',
  AbortError: 'REQUEST_ABORTED',
}

// The SPEC's own texts, for errors thrown as plain `Error`s.
const byMessage: Readonly<Record<string, ErrorCode>> = {
  'Chain not configured.': 'CHAIN_NOT_CONFIGURED',
  'Connector already connected.': 'CONNECTOR_ALREADY_CONNECTED',
  'Connector not connected.': 'CONNECTOR_NOT_CONNECTED',
  'Provider not found.': 'PROVIDER_NOT_FOUND',
}

const viemClasses: ReadonlyArray<readonly [abstract new (...args: never[]) => Error, ErrorCode]> = [
  [ClientChainNotConfiguredError, 'CHAIN_NOT_CONFIGURED'],
  [ChainNotFoundError, 'CHAIN_NOT_CONFIGURED'],
  [InvalidChainIdError, 'INVALID_CHAIN_ID'],
]

/** The HTTP status of a failed RPC call, from viem's error or anywhere in its cause chain. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof BaseError)) return undefined
  const http = error.walk((e) => e instanceof HttpRequestError || e instanceof RpcRequestError) as
    HttpRequestError | RpcRequestError | null
  return typeof http?.status === 'number' ? http.status : undefined
}

function codeFor(error: unknown): ErrorCode | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  for (const [errorClass, code] of viemClasses) if (error instanceof errorClass) return code
  const { name, message } = error as { name?: unknown; message?: unknown }
  if (typeof name === 'string' && Object.hasOwn(byName, name)) return byName[name]
  if (typeof message === 'string' && Object.hasOwn(byMessage, message)) return byMessage[message]
  return undefined
}

/**
 * Maps what a wallet or viem throws to core's SPEC §8 catalogue. The original always stays as
 * `cause`, so a wallet's numeric code (4902, -32603, 5000…) is still found by core's
 * `rpcErrorCode`/`isUnrecognizedChainError`, which walk `cause`.
 *
 * - 4001, viem's `UserRejectedRequestError`, or a text like 'user rejected' / 'connection request
 *   reset' → USER_REJECTED.
 * - viem's `ClientChainNotConfiguredError` / `ChainNotFoundError`, or a `ChainNotConfiguredError`
 *   → CHAIN_NOT_CONFIGURED ('Chain not configured.').
 * - `ConnectorAlreadyConnectedError` → CONNECTOR_ALREADY_CONNECTED, `ConnectorNotConnectedError`
 *   → CONNECTOR_NOT_CONNECTED, `ProviderNotFoundError` → PROVIDER_NOT_FOUND (also by the SPEC's
 *   text), `InvalidChainIdError` → INVALID_CHAIN_ID, an `AbortError` → REQUEST_ABORTED.
 * - An RPC call that failed with an HTTP status → HTTP_STATUS ('HTTP status code: {status}').
 * - Anything else, an unknown chain (4902) included → UNKNOWN_ERROR.
 */
export function toEvmLatchError(error: unknown): LatchError {
  if (isLatchError(error)) return error
  if (isUserRejectedError(error)) return new LatchError('USER_REJECTED', { cause: error })
  const code = codeFor(error)
  if (code !== undefined) return new LatchError(code, { cause: error })
  const status = httpStatusOf(error)
  if (status !== undefined) {
    return new LatchError('HTTP_STATUS', { values: { status }, cause: error })
  }
  return new LatchError('UNKNOWN_ERROR', { cause: error })
}
