import { erc20Abi, parseEther, type Address, type Hash } from 'viem'
import { devnetAccounts } from './accounts.js'

/**
 * The ERC-20 transfers made at start-up, so a fresh devnet already has history: a round of LTT
 * from account 0 to 1, 1 to 2 and 2 back to 0. Each account sends and receives the same amount,
 * so every holder still has exactly its starting balance (the token tests rely on it); only the
 * senders' ETH pays the gas.
 */
export const SEEDED_TRANSFERS: readonly { from: number; to: number; amount: bigint }[] = [
  { from: 0, to: 1, amount: parseEther('25') },
  { from: 1, to: 2, amount: parseEther('25') },
  { from: 2, to: 0, amount: parseEther('25') },
]

/** The addresses of {@link SEEDED_TRANSFERS}' senders and receivers. */
export function seededTransferParties(index: number): { from: Address; to: Address } {
  const transfer = SEEDED_TRANSFERS[index]!
  return {
    from: devnetAccounts[transfer.from]!.address,
    to: devnetAccounts[transfer.to]!.address,
  }
}

/** What sending one seeded transfer needs: a way to send a call from a devnet account. */
export type SendFrom = (
  account: number,
  call: { to: Address; abi: typeof erc20Abi; functionName: 'transfer'; args: [Address, bigint] },
) => Promise<Hash>

/** Sends the seeded transfers of `token` (each from its own account, so they go out at once). */
export function sendSeededTransfers(token: Address, send: SendFrom): Promise<Hash[]> {
  return Promise.all(
    SEEDED_TRANSFERS.map((transfer) =>
      send(transfer.from, {
        to: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [devnetAccounts[transfer.to]!.address, transfer.amount],
      }),
    ),
  )
}
