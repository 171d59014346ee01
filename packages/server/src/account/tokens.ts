import type { ServerConfig, TokenConfig } from '../config/schema.js'
import { IMAGE_ID } from '../directory/images.js'

/** A fungible token as the account routes know it: configured, or seen by the indexer. */
export interface KnownToken {
  /** Lower-case contract address, or `native`. */
  address: string
  name: string
  symbol: string
  decimals: number
}

/** The configured tokens of a chain: its native currency (if listed) and its ERC-20s. */
export function configuredTokens(config: ServerConfig, caipNetworkId: string): KnownToken[] {
  return config.tokens
    .filter((token) => token.caipNetworkId === caipNetworkId)
    .map((token: TokenConfig) => ({
      address: token.address === 'native' ? 'native' : token.address.toLowerCase(),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
    }))
}

/** A token's USD price from the configured source; 0 when it has none. */
export function priceOf(config: ServerConfig, symbol: string): number {
  return config.prices.kind === 'static' ? (config.prices.usd[symbol] ?? 0) : 0
}

/**
 * The token's icon on this server (`/public/getTokenImage/{symbol}`, seeded for each configured
 * symbol), as an absolute URL from the request's own origin: the client puts it in an `<img>` on
 * the host's page. Empty when the server has no image for it.
 */
export function tokenIconUrl(
  config: ServerConfig,
  symbol: string,
  origin: string,
  projectId: string,
): string {
  const seeded = config.tokens.some((token) => token.symbol === symbol)
  if (!seeded || !IMAGE_ID.test(symbol)) return ''
  return `${origin}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${encodeURIComponent(projectId)}`
}
