import type { AccountData } from '../machines/connection.types.js'
import type { Network } from '../network/network.js'
import { nativeBalanceOf } from '../selectors/account-network.js'
import type { TokenBalance } from './token-balance.js'
import { totalValue } from './token-sources.js'

/** What the Tokens tab lists (SPEC §2: value, price and quantity per token, the total in USD). */
export interface TokenRows {
  /** The account's tokens after core's rules, the native currency first. */
  tokens: readonly TokenBalance[]
  /** The sum of the values known, in USD; undefined when no token has a price. */
  totalUsd?: number
}

/**
 * The Tokens tab of the current account, from its account data (`latch.connection`'s
 * `accountData[namespace]`). When the token list has no native entry (the wallet or the server
 * did not list it, or only the RPC answered), the native balance core read leads it, once read.
 */
export function tokenRowsOf(data: AccountData, network: Network | undefined): TokenRows {
  const listed = data.tokenBalance ?? []
  const native = nativeBalanceOf(data, network)
  const hasNative = listed.some((token) => token.address === undefined)
  const tokens =
    hasNative || native.status !== 'ready' || !network
      ? [...listed]
      : [
          {
            name: network.nativeCurrency.name,
            symbol: native.symbol,
            chainId: network.caipNetworkId,
            quantity: {
              decimals: String(network.nativeCurrency.decimals),
              numeric: native.balance,
            },
          },
          ...listed,
        ]
  const priced = tokens.some((token) => token.value !== undefined)
  return { tokens, ...(priced ? { totalUsd: totalValue(tokens) } : {}) }
}
