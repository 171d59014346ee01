import { LatchError } from '@latch/core'
import { numberToHex, type Address, type Hex } from 'viem'
import { toEvmLatchError } from '../errors.js'
import type { Eip1193Provider } from '../provider.js'

export interface EvmCall {
  to: string
  data?: string
  value?: bigint
}

/** SPEC §5 wallet_sendCalls: each call's `to` starts with 0x; `data` starts with 0x if present. */
export function validateCalls(calls: readonly EvmCall[]): void {
  calls.forEach((call, index) => {
    if (typeof call.to !== 'string' || !call.to.startsWith('0x')) {
      throw new LatchError('INVALID_CALL_TO', { values: { index } })
    }
    if (call.data !== undefined && (typeof call.data !== 'string' || !call.data.startsWith('0x'))) {
      throw new LatchError('INVALID_CALL_DATA', { values: { index } })
    }
  })
}

/** EIP-5792 wallet_sendCalls (v2 request shape). Resolves with the batch id. */
export async function sendCalls(
  provider: Eip1193Provider,
  request: { from: Address; chainId: number; calls: readonly EvmCall[] },
): Promise<string> {
  validateCalls(request.calls)
  try {
    const result = (await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: numberToHex(request.chainId),
          from: request.from,
          atomicRequired: false,
          calls: request.calls.map((call) => ({
            to: call.to as Address,
            ...(call.data ? { data: call.data as Hex } : {}),
            ...(call.value !== undefined ? { value: numberToHex(call.value) } : {}),
          })),
        },
      ],
    })) as { id?: unknown } | string
    // EIP-5792 v1 wallets answer with the id itself.
    const id = typeof result === 'string' ? result : result?.id
    if (typeof id !== 'string') throw new LatchError('UNKNOWN_ERROR')
    return id
  } catch (error) {
    throw toEvmLatchError(error)
  }
}

export interface CallsStatus {
  /** EIP-5792: 1xx pending, 2xx confirmed, 4xx/5xx/6xx failed. */
  status: number
  receipts: readonly { transactionHash: string; status: string }[]
}

/** EIP-5792 wallet_getCallsStatus. */
export async function getCallsStatus(provider: Eip1193Provider, id: string): Promise<CallsStatus> {
  try {
    const result = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status?: unknown
      receipts?: CallsStatus['receipts']
    }
    if (typeof result?.status !== 'number') throw new LatchError('CALLS_STATUS_NOT_APPROVED')
    return { status: result.status, receipts: result.receipts ?? [] }
  } catch (error) {
    throw toEvmLatchError(error)
  }
}
