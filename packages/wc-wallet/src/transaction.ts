import type { Hash, LocalAccount } from 'viem'
import type { ChainEntry } from './chains.js'
import type { TransactionObject } from './params.js'

/**
 * Signs the transaction with the local account and sends it raw to the chain's RPC; viem fills
 * in what the dapp left out (nonce, gas, fees) from that RPC, as a real wallet does.
 */
export function sendTransaction(
  entry: ChainEntry,
  account: LocalAccount,
  tx: TransactionObject,
): Promise<Hash> {
  const fees =
    tx.gasPrice !== undefined
      ? { gasPrice: tx.gasPrice }
      : { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }
  const request = {
    account,
    chain: entry.chain,
    to: tx.to ?? null,
    value: tx.value,
    data: tx.data ?? tx.input,
    gas: tx.gas,
    nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
    ...fees,
  }
  // viem's overloads cannot tell legacy from EIP-1559 fees from a spread; the fields are checked above.
  return entry
    .walletClient()
    .sendTransaction(
      request as Parameters<ReturnType<ChainEntry['walletClient']>['sendTransaction']>[0],
    )
}
