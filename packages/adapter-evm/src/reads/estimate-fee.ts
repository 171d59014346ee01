import type { TransactionRequest } from '@latch/core'
import type { Address, Client, Hex } from 'viem'
import { estimateFeesPerGas, estimateGas } from 'viem/actions'

/**
 * Core's `estimateFee`: the gas the transaction needs times the most the chain may charge per
 * gas now (EIP-1559 `maxFeePerGas`, else the legacy gas price), in wei. That is what the node
 * reserves from the balance, so a native send that fits with this fee is not refused for gas.
 */
export async function estimateFee(client: Client, tx: TransactionRequest): Promise<bigint> {
  const [gas, fees] = await Promise.all([
    estimateGas(client, {
      account: tx.from as Address,
      to: tx.to as Address,
      value: tx.value,
      ...(tx.data ? { data: tx.data as Hex } : {}),
    }),
    estimateFeesPerGas(client),
  ])
  const perGas = fees.maxFeePerGas ?? fees.gasPrice ?? 0n
  return gas * perGas
}
