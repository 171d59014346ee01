import {
  isAddressEqual,
  type Address,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem'

/**
 * Waits for transactions that were sent without waiting, all together.
 * @param what names the transactions in the error, e.g. 'A seeded transfer'.
 * @throws Error when one of them reverted.
 */
export async function awaitSuccess(
  client: PublicClient,
  chainId: number,
  hashes: readonly Hash[],
  what: string,
): Promise<TransactionReceipt[]> {
  return Promise.all(
    hashes.map(async (hash) => {
      const receipt = await client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success') {
        throw new Error(`${what} on chain ${chainId} failed (tx ${hash})`)
      }
      return receipt
    }),
  )
}

/**
 * Waits for deployments, all together, each by the name of the contract it creates.
 * @throws Error when one of them failed or its contract landed anywhere but `expected[name]`:
 *   the devnet's addresses are constants, so a contract elsewhere is a broken devnet.
 */
export async function awaitDeployments<Name extends string>(
  client: PublicClient,
  chainId: number,
  hashes: Readonly<Record<Name, Hash>>,
  expected: Readonly<Record<NoInfer<Name>, Address>>,
): Promise<void> {
  await Promise.all(
    (Object.entries(hashes) as [Name, Hash][]).map(async ([contract, hash]) => {
      const receipt = await client.waitForTransactionReceipt({ hash })
      if (receipt.status !== 'success' || !receipt.contractAddress) {
        throw new Error(`Deploying ${contract} on chain ${chainId} failed (tx ${hash})`)
      }
      if (!isAddressEqual(receipt.contractAddress, expected[contract])) {
        throw new Error(
          `${contract} landed at ${receipt.contractAddress} on chain ${chainId}, not ${expected[contract]}`,
        )
      }
    }),
  )
}
