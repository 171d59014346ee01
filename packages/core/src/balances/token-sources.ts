// SPEC §4 "Balances": where the account's token list comes from: the wallet's own asset
// discovery (wallet_getAssets, when the wallet advertises it), priced and completed by the Latch
// server's portfolio (`/v1/account/{address}/balance`, cached 30 s); the server's list alone
// when the wallet has none; else the chain's RPC. The rules are core's, for every adapter; the
// adapters only read.
import type { ChainAdapter } from '../adapter/contract.js'
import type { Balance } from '../api/account.js'
import { isCaipAddress, isCaipNetworkId } from '../identifiers/caip.js'
import type { Network } from '../network/network.js'
import type { TokenBalance } from './token-balance.js'
import { mergeTokenSources } from './token-merge.js'

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

/**
 * The server's balances as SPEC §3 token balances; an entry with a malformed id is dropped. The
 * server writes price 0 for a token it has no price for (AppKit's shape): such a token has no
 * price and no value here, rather than a value of $0.00.
 */
export function tokensFromBalances(balances: readonly Balance[]): TokenBalance[] {
  return balances.flatMap((balance) => {
    const { chainId, address } = balance
    if (!isCaipNetworkId(chainId)) return []
    if (address !== undefined && !isCaipAddress(address)) return []
    const priced = balance.price > 0
    return [
      {
        name: balance.name,
        symbol: balance.symbol,
        chainId,
        ...(address ? { address } : {}),
        ...(priced && balance.value !== undefined ? { value: balance.value } : {}),
        ...(priced ? { price: balance.price } : {}),
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
 * The account's tokens, unfiltered (the caller applies SPEC §4's zero-decimal rule). The wallet's
 * discovery, when the wallet advertises it, says what the account holds; the server's portfolio
 * (asked at the same time, so a wallet's answer waits for nothing) prices those tokens and adds
 * the ones the wallet did not list (token-merge.ts). An adapter without discovery lists nothing
 * unless it was given tokens to read, so the server's list stands alone; a server that cannot
 * answer leaves the wallet's list unpriced, or nothing but the RPC: the native balance, read
 * apart (balance.machine.ts).
 */
export async function readTokenList(read: TokenRead): Promise<TokenBalance[]> {
  const { adapter, network, address, signal } = read
  const fromServer = readPortfolio(read)
  const fromWallet = adapter.getTokenBalances
    ? adapter
        .getTokenBalances({ connectorId: read.connectorId, address, network, signal })
        // A wallet whose discovery fails has listed nothing: the server's list stands.
        .catch((): readonly TokenBalance[] => [])
    : []
  const [wallet, server] = await Promise.all([fromWallet, fromServer])
  signal.throwIfAborted()
  return mergeTokenSources(wallet, server ?? [])
}

/** The server's portfolio as token balances; undefined without a server or when it failed. */
async function readPortfolio(read: TokenRead): Promise<TokenBalance[] | undefined> {
  if (!read.portfolio) return undefined
  const { address, network, signal, fresh } = read
  try {
    return tokensFromBalances(await read.portfolio({ address, network, signal, fresh }))
  } catch {
    // Never rejects: the wallet's answer may be awaited alone, and the caller checks `signal`.
    return undefined
  }
}

/** SPEC §4 "Tokens: value, price, quantity, total in USD": the sum of the values known. */
export function totalValue(tokens: readonly TokenBalance[]): number {
  return tokens.reduce((sum, token) => sum + (token.value ?? 0), 0)
}
