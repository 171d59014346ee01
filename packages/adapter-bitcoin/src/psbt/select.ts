import { LatchError } from '@latch/core'
import type { Utxo } from '../esplora.js'

export interface SelectionRequest {
  /** The sender's coins. */
  readonly coins: readonly Utxo[]
  /** Sats to the recipient. */
  readonly paying: bigint
  /** sat/vB. */
  readonly feeRate: number
  /** The transaction's size without inputs and without change, in vbytes. */
  readonly baseVbytes: number
  /** One of the sender's inputs, signed. */
  readonly inputVbytes: number
  /** A change output back to the sender. */
  readonly changeVbytes: number
  /** Change under this many sats is dropped (left to the fee): it would cost more to spend. */
  readonly changeDust: bigint
}

export interface Selection {
  readonly coins: readonly Utxo[]
  /** 0n when there is no change output. */
  readonly change: bigint
  /** Inputs − outputs. */
  readonly fee: bigint
}

/**
 * Largest coins first until the payment and its fee are covered; change goes back to the sender
 * unless it is dust, which then adds to the fee. The fee is the rate times the transaction's
 * virtual size counted in whole vbytes (as bitcoind counts it), rounded up.
 * @throws LatchError INVALID_AMOUNT when the coins cannot cover the payment and its fee.
 */
export function selectCoins(request: SelectionRequest): Selection {
  const feeFor = (inputs: number, withChange: boolean): bigint => {
    const vbytes =
      request.baseVbytes + inputs * request.inputVbytes + (withChange ? request.changeVbytes : 0)
    return BigInt(Math.ceil(request.feeRate * Math.ceil(vbytes)))
  }
  const sorted = [...request.coins].sort((a, b) =>
    a.value === b.value ? 0 : a.value > b.value ? -1 : 1,
  )
  const chosen: Utxo[] = []
  let gathered = 0n
  for (const coin of sorted) {
    if (gathered >= request.paying + feeFor(chosen.length, false)) break
    chosen.push(coin)
    gathered += coin.value
  }
  const needed = request.paying + feeFor(chosen.length, false)
  if (chosen.length === 0 || gathered < needed) {
    throw new LatchError('INVALID_AMOUNT', {
      values: { value: String(request.paying) },
      cause: new Error(`Insufficient funds: ${gathered} sats available, ${needed} needed`),
    })
  }
  const change = gathered - request.paying - feeFor(chosen.length, true)
  if (change >= request.changeDust) {
    return { coins: chosen, change, fee: feeFor(chosen.length, true) }
  }
  return { coins: chosen, change: 0n, fee: gathered - request.paying }
}
