import { encodeFunctionData, erc20Abi, numberToHex, type Address, type Hex } from 'viem'
import { toEvmLatchError } from '../errors.js'
import type { Eip1193Provider } from '../provider.js'
import { expectTransactionHash } from './results.js'

export interface EvmTransaction {
  from: Address
  to: Address
  /** Wei. */
  value?: bigint
  data?: Hex
  /** Set to skip the wallet's gas estimate (e.g. a call known to revert, sent on purpose). */
  gas?: bigint
}

/** eth_sendTransaction through the wallet; resolves with the hash as soon as the wallet returns it. */
export async function sendTransaction(provider: Eip1193Provider, tx: EvmTransaction) {
  try {
    const result = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: tx.from,
          to: tx.to,
          ...(tx.value !== undefined ? { value: numberToHex(tx.value) } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.gas !== undefined ? { gas: numberToHex(tx.gas) } : {}),
        },
      ],
    })
    return expectTransactionHash(result)
  } catch (error) {
    throw toEvmLatchError(error)
  }
}

/** An ERC-20 `transfer` of `amount` base units of `token` to `to`. */
export function sendErc20(
  provider: Eip1193Provider,
  request: { from: Address; token: Address; to: Address; amount: bigint },
) {
  return sendTransaction(provider, {
    from: request.from,
    to: request.token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [request.to, request.amount],
    }),
  })
}
