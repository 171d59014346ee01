import type { CaipAddress } from '../identifiers/types.js'

/**
 * SPEC §3 "Token balance": what the Account view's Tokens tab lists, from any namespace.
 * Amounts are exact: `quantity.numeric` is the decimal text of the balance in whole tokens.
 */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 id of the chain the token lives on. */
  chainId: `${string}:${string}`
  /** Absent for the native token; otherwise prefixed with the chain id (CAIP-10). */
  address?: CaipAddress
  /** Fiat value of the balance (USD), when a price is known. */
  value?: number
  /** Fiat price of one token (USD), when known. */
  price?: number
  quantity: {
    /** The token's decimals, as text. */
    decimals: string
    /** The amount in whole tokens, exact decimal text. */
    numeric: string
  }
  iconUrl?: string
}
