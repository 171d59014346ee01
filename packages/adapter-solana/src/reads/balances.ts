import { formatAmount, type Balance, type Network, type TokenBalance } from '@latch/core'
import { address, type Address, type Rpc, type SolanaRpcApi } from '@solana/kit'

/** SPEC §9: SOL has 9 decimals. */
export const SOL_DECIMALS = 9

export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

/** A host's names for mints, since SPL mints carry none on-chain. */
export type KnownTokens = Readonly<
  Record<string, { name: string; symbol: string; iconUrl?: string }>
>

/** The exact lamports of `owner`: kit reads the u64 as a bigint, so nothing is rounded. */
export async function readSolBalance(
  rpc: Rpc<SolanaRpcApi>,
  owner: string,
  network: Network,
  signal?: AbortSignal,
): Promise<Balance> {
  const { value } = await rpc
    .getBalance(address(owner))
    .send(signal ? { abortSignal: signal } : undefined)
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}

interface ParsedTokenAccount {
  parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } }
}

/**
 * Every SPL token `owner` holds, under both the Token and the Token-2022 programs, one entry per
 * mint (token accounts of the same mint are added up). Unfiltered: core drops zero-decimal ones.
 * A mint the host did not name is shown by its address.
 */
export async function readTokenBalances(
  rpc: Rpc<SolanaRpcApi>,
  owner: string,
  network: Network,
  knownTokens: KnownTokens,
  signal?: AbortSignal,
): Promise<TokenBalance[]> {
  const config = signal ? { abortSignal: signal } : undefined
  const byProgram = await Promise.all(
    [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
      rpc
        .getTokenAccountsByOwner(address(owner), { programId }, { encoding: 'jsonParsed' })
        .send(config),
    ),
  )
  const totals = new Map<string, { amount: bigint; decimals: number }>()
  for (const { value } of byProgram) {
    for (const { account } of value) {
      const { mint, tokenAmount } = (account.data as unknown as ParsedTokenAccount).parsed.info
      const total = totals.get(mint)
      totals.set(mint, {
        amount: (total?.amount ?? 0n) + BigInt(tokenAmount.amount),
        decimals: tokenAmount.decimals,
      })
    }
  }
  return [...totals].map(([mint, { amount, decimals }]) => {
    const known = knownTokens[mint]
    return {
      name: known?.name ?? mint,
      symbol: known?.symbol ?? mint,
      chainId: network.caipNetworkId,
      address: `${network.caipNetworkId}:${mint}` as const,
      quantity: { decimals: String(decimals), numeric: formatAmount(amount, decimals) },
      ...(known?.iconUrl ? { iconUrl: known.iconUrl } : {}),
    }
  })
}

export type { Address }
