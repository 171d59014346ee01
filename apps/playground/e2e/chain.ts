import type { Devnet } from '@latch/devnet'
import { createPublicClient, createWalletClient, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** Reads an account's native balance straight from anvil. */
export function anvilBalance(rpcUrl: string, address: Hex): Promise<bigint> {
  return createPublicClient({ transport: http(rpcUrl) }).getBalance({ address })
}

/**
 * Spends an odd amount from the wallet's first account on the first chain, so the balance the
 * modal must show is not the devnet's round 10 000 ETH that a hard-coded value could fake.
 */
export async function spendOddAmount(devnet: Devnet): Promise<void> {
  const chain = devnet.chains[0]!
  const client = createWalletClient({
    account: privateKeyToAccount(devnet.accounts[0]!.privateKey),
    transport: http(chain.rpcUrl),
  })
  const hash = await client.sendTransaction({
    chain: null,
    to: devnet.accounts[9]!.address,
    value: parseEther('1.234567891'),
  })
  await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash })
}

/**
 * The first "<amount> ETH" in a text, as a number of ether and its number of shown decimals.
 * Digit grouping (10,000.5) is allowed.
 */
export function shownEther(text: string): { value: number; decimals: number } | undefined {
  const match = /(\d[\d,]*(?:\.(\d+))?)\s*ETH/.exec(text)
  if (!match) return undefined
  return { value: Number(match[1]!.replaceAll(',', '')), decimals: match[2]?.length ?? 0 }
}
