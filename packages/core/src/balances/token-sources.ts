// SPEC §4 "Balances": where the account's token list comes from, in order: the wallet's own
// asset discovery (wallet_getAssets, when the wallet advertises it), else the Latch server's
// portfolio (`/v1/account/{address}/balance`, cached 30 s), else the chain's RPC. The rules are
// core's, for every adapter; the adapters only read.
import type { ChainAdapter } from '../adapter/contract.js'
import type { Balance } from '../api/account.js'
import { isCaipAddress, isCaipNetworkId } from '../identifiers/caip.js'
import type { Network } from '../network/network.js'
import type { TokenBalance } from './token-balance.js'

/**
 * The server's portfolio of an account on a network (the instance's account client, cached
 * 30 s; `fresh` skips the cache). Rejects when the server cannot answer.
 */
export type PortfolioReader = (request: {
  address: string
  network: Network
  signal: AbortSignal
  fresh: boolean
}) => Promise<readonly Balance[]>

/** The server's balances as SPEC §3 token balances; an entry with a malformed id is dropped. */
export function tokensFromBalances(balances: readonly Balance[]): TokenBalance[] {
  return balances.flatMap((balance) => {
    const { chainId, address } = balance
    if (!isCaipNetworkId(chainId)) return []
    if (address !== undefined && !isCaipAddress(address)) return []
    return [
      {
        name: balance.name,
        symbol: balance.symbol,
        chainId,
        ...(address ? { address } : {}),
        ...(balance.value !== undefined ? { value: balance.value } : {}),
        price: balance.price,
        quantity: balance.quantity,
        ...(balance.iconUrl ? { iconUrl: balance.iconUrl } : {}),
      },
    ]
  })
}

/** What one token read needs. */
export interface TokenRead {
  connectorId: string
  address: string
  network: Network
  adapter: ChainAdapter
  /** The instance's server portfolio; absent without a `serverUrl`. */
  portfolio?: PortfolioReader | undefined
  signal: AbortSignal
  /** Skip the portfolio's cache (a send just went through). */
  fresh: boolean
}

/**
 * The account's tokens, unfiltered (the caller applies SPEC §4's zero-decimal rule). The
 * adapter's list is the wallet's discovery when the wallet advertises it; an adapter without
 * discovery lists nothing unless it was given tokens to read, so an empty list falls through to
 * the server, and a server that cannot answer to the RPC: the native balance, read apart.
 */
export async function readTokenList(read: TokenRead): Promise<TokenBalance[]> {
  const { adapter, network, address, signal } = read
  const fromWallet = adapter.getTokenBalances
    ? await adapter.getTokenBalances({ connectorId: read.connectorId, address, network, signal })
    : []
  if (fromWallet.length > 0 || !read.portfolio) return [...fromWallet]
  try {
    return tokensFromBalances(await read.portfolio({ address, network, signal, fresh: read.fresh }))
  } catch {
    signal.throwIfAborted()
    // RPC last: the native balance is read from the chain on its own (balance.machine.ts).
    return []
  }
}

/** SPEC §4 "Tokens: value, price, quantity, total in USD": the sum of the values known. */
export function totalValue(tokens: readonly TokenBalance[]): number {
  return tokens.reduce((sum, token) => sum + (token.value ?? 0), 0)
}
