import {
  BaseError,
  ExecutionRevertedError,
  RpcRequestError,
  hexToBigInt,
  isHex,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
} from 'viem'
import type { ChainEntry } from './chains.js'
import { invalidParams } from './errors.js'

/**
 * Gas used when estimation says the call reverts. Like MetaMask's "send anyway", the wallet still
 * sends, so that dapps see a mined, reverted receipt and can read the revert reason from it.
 */
export const REVERTING_TX_GAS = 1_000_000n

/** A transaction request in RPC form, parsed. */
export interface TransactionRequest {
  from?: Address
  to?: Address
  value?: bigint
  data?: Hex
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
  chainId?: number
}

const QUANTITIES = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const

function hexField(record: Record<string, unknown>, key: string): Hex | undefined {
  const value = record[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${key} must be hex`)
  return value
}

function addressField(record: Record<string, unknown>, key: string): Address | undefined {
  const value = hexField(record, key)
  if (value !== undefined && value.length !== 42) throw invalidParams(`${key} must be an address`)
  return value
}

/** Parses eth_sendTransaction's transaction object; throws -32602 on malformed fields. */
export function parseTransactionRequest(input: unknown): TransactionRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalidParams('expected a transaction object')
  }
  const record = input as Record<string, unknown>
  const request: TransactionRequest = {}
  const from = addressField(record, 'from')
  const to = addressField(record, 'to')
  // Some libraries send the calldata as `input`, the newer name.
  const data = hexField(record, 'data') ?? hexField(record, 'input')
  if (from) request.from = from
  if (to) request.to = to
  if (data) request.data = data
  for (const key of QUANTITIES) {
    const value = hexField(record, key)
    if (value !== undefined) request[key] = hexToBigInt(value)
  }
  const nonce = hexField(record, 'nonce')
  if (nonce !== undefined) request.nonce = Number(hexToBigInt(nonce))
  const chainId = hexField(record, 'chainId')
  if (chainId !== undefined) request.chainId = Number(hexToBigInt(chainId))
  return request
}

function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  return (
    error.walk(
      (cause) =>
        cause instanceof ExecutionRevertedError ||
        (cause instanceof RpcRequestError && cause.code === 3),
    ) !== null
  )
}

/** Signs the transaction with the local account and sends it raw to the chain's RPC. */
export async function sendTransaction(
  entry: ChainEntry,
  account: PrivateKeyAccount,
  request: TransactionRequest,
): Promise<Hash> {
  const { to, value, data, nonce } = request
  let gas = request.gas
  if (gas === undefined) {
    try {
      gas = await entry.publicClient().estimateGas({ account, to, value, data })
    } catch (error) {
      if (!isRevert(error)) throw error
      gas = REVERTING_TX_GAS
    }
  }
  const fees =
    request.gasPrice !== undefined
      ? { gasPrice: request.gasPrice }
      : {
          maxFeePerGas: request.maxFeePerGas,
          maxPriorityFeePerGas: request.maxPriorityFeePerGas,
        }
  return entry.walletClient().sendTransaction({
    account,
    chain: entry.chain,
    to: to ?? null,
    value,
    data,
    gas,
    nonce,
    ...fees,
  } as Parameters<ReturnType<ChainEntry['walletClient']>['sendTransaction']>[0])
}
