import {
  bytesToHex,
  hexToBigInt,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  type TransactionReceipt,
  type WalletCallReceipt,
} from 'viem'
import type { ChainEntry } from './chains.js'
import { ErrorCode, ProviderRpcError, invalidParams } from './errors.js'
import { parseChainIdHex } from './add-chain.js'
import { sendTransaction } from './send-transaction.js'

/** The EIP-5792 version this wallet speaks. */
export const CALLS_VERSION = '2.0.0'

/** EIP-5792 batch status codes. */
export const CallsStatus = {
  PENDING: 100,
  CONFIRMED: 200,
  OFFCHAIN_FAILURE: 400,
  REVERTED: 500,
  PARTIALLY_REVERTED: 600,
} as const

export interface Call {
  to?: Address
  data?: Hex
  value?: bigint
}

/** A validated wallet_sendCalls request. */
export interface CallsRequest {
  id?: string
  from?: Address
  chainId?: number
  calls: Call[]
}

interface Batch {
  id: string
  chainId: number
  callCount: number
  status: number
  receipts: WalletCallReceipt[]
}

function checkCapabilities(value: unknown, where: string) {
  if (value === undefined) return
  if (typeof value !== 'object' || value === null) throw invalidParams(`${where} must be an object`)
  for (const [name, capability] of Object.entries(value)) {
    // This wallet honours no request capability, so only optional ones may be ignored.
    if ((capability as { optional?: unknown } | null)?.optional !== true) {
      throw new ProviderRpcError(
        ErrorCode.UNSUPPORTED_CAPABILITY,
        `Unsupported non-optional capability: ${name}`,
      )
    }
  }
}

function parseCall(input: unknown, index: number): Call {
  if (typeof input !== 'object' || input === null)
    throw invalidParams(`call ${index} is not an object`)
  const { to, data, value, capabilities } = input as Record<string, unknown>
  const call: Call = {}
  if (to !== undefined) {
    if (typeof to !== 'string' || !to.startsWith('0x') || !isHex(to) || to.length !== 42) {
      throw invalidParams(`call ${index}: to must be a 0x-prefixed address`)
    }
    call.to = to
  }
  if (data !== undefined) {
    if (typeof data !== 'string' || !data.startsWith('0x') || !isHex(data)) {
      throw invalidParams(`call ${index}: data must be 0x-prefixed hex`)
    }
    call.data = data
  }
  if (value !== undefined) {
    if (typeof value !== 'string' || !isHex(value))
      throw invalidParams(`call ${index}: value must be hex`)
    call.value = hexToBigInt(value)
  }
  checkCapabilities(capabilities, `call ${index} capabilities`)
  return call
}

/** Validates wallet_sendCalls' parameter (EIP-5792 v2 shape). */
export function parseCallsRequest(params: unknown): CallsRequest {
  const input: unknown = Array.isArray(params) ? params[0] : undefined
  if (typeof input !== 'object' || input === null) throw invalidParams('expected one calls object')
  const record = input as Record<string, unknown>
  if (typeof record.version !== 'string') throw invalidParams('version must be a string')
  if (record.atomicRequired !== undefined && typeof record.atomicRequired !== 'boolean') {
    throw invalidParams('atomicRequired must be a boolean')
  }
  if (!Array.isArray(record.calls) || record.calls.length === 0) {
    throw invalidParams('calls must be a non-empty list')
  }
  checkCapabilities(record.capabilities, 'capabilities')
  const request: CallsRequest = { calls: record.calls.map(parseCall) }
  if (record.id !== undefined) {
    if (typeof record.id !== 'string' || record.id === '')
      throw invalidParams('id must be a string')
    request.id = record.id
  }
  if (record.from !== undefined) {
    if (typeof record.from !== 'string' || !isHex(record.from) || record.from.length !== 42) {
      throw invalidParams('from must be an address')
    }
    request.from = record.from
  }
  if (record.chainId !== undefined) request.chainId = parseChainIdHex(record.chainId)
  return request
}

function toCallReceipt(receipt: TransactionReceipt): WalletCallReceipt {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: numberToHex(receipt.blockNumber),
    gasUsed: numberToHex(receipt.gasUsed),
    transactionHash: receipt.transactionHash,
  }
}

/**
 * Runs call batches and answers for their status. A batch's calls go out as ordered transactions
 * from the account (there is no smart account to bundle them), and the batch stops at the first
 * call that fails; wallet_sendCalls answers before they are mined, as EIP-5792 requires.
 */
export interface CallsStore {
  /** Throws 5720 when a batch already has this id. */
  checkId(id: string | undefined): void
  /** Starts the batch and returns its id (the requested one, or a fresh random one). */
  start(
    id: string | undefined,
    entry: ChainEntry,
    account: PrivateKeyAccount,
    calls: Call[],
  ): string
  /** wallet_getCallsStatus' answer; throws 5730 for an unknown id. */
  status(params: unknown): unknown
}

export function createCallsStore(): CallsStore {
  const batches = new Map<string, Batch>()

  async function run(batch: Batch, entry: ChainEntry, account: PrivateKeyAccount, calls: Call[]) {
    for (const call of calls) {
      let receipt: TransactionReceipt
      try {
        const hash = await sendTransaction(entry, account, call)
        receipt = await entry.publicClient().waitForTransactionReceipt({ hash })
      } catch {
        batch.status =
          batch.receipts.length === 0
            ? CallsStatus.OFFCHAIN_FAILURE
            : CallsStatus.PARTIALLY_REVERTED
        return
      }
      batch.receipts.push(toCallReceipt(receipt))
      if (receipt.status !== 'success') {
        batch.status =
          batch.receipts.length === 1 ? CallsStatus.REVERTED : CallsStatus.PARTIALLY_REVERTED
        return
      }
    }
    batch.status = CallsStatus.CONFIRMED
  }

  const checkId = (id: string | undefined) => {
    if (id !== undefined && batches.has(id)) {
      throw new ProviderRpcError(ErrorCode.DUPLICATE_ID, `Duplicate ID: ${id}`)
    }
  }

  return {
    checkId,
    start(requestedId, entry, account, calls) {
      checkId(requestedId)
      const id = requestedId ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
      const batch: Batch = {
        id,
        chainId: entry.config.chainId,
        callCount: calls.length,
        status: CallsStatus.PENDING,
        receipts: [],
      }
      batches.set(id, batch)
      void run(batch, entry, account, calls)
      return id
    },
    status(params) {
      const id: unknown = Array.isArray(params) ? params[0] : undefined
      const batch = typeof id === 'string' ? batches.get(id) : undefined
      if (!batch) {
        throw new ProviderRpcError(ErrorCode.UNKNOWN_BUNDLE_ID, `Unknown bundle id: ${String(id)}`)
      }
      const final = batch.status !== CallsStatus.PENDING
      return {
        version: CALLS_VERSION,
        id: batch.id,
        chainId: numberToHex(batch.chainId),
        status: batch.status,
        // Separate transactions are atomic only when there is a single one.
        atomic: batch.callCount === 1,
        ...(final ? { receipts: batch.receipts } : {}),
      }
    },
  }
}
