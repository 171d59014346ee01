// Which logo a network or a token gets: the one rule every view (React's, or a host's own) uses,
// so a chain or a token looks the same wherever it is shown. The logos themselves are inline SVGs
// (known-logos.data.ts, generated from @web3icons/core): only the lazy views that show networks and
// tokens import this module, so the data stays out of every host's start-up JS.
import type { CaipAddress, CaipNetworkId } from '../identifiers/types.js'
import { generateWalletIcon } from './icon.js'
import { safeImageUrl } from './image-url.js'
import { networkLogos, tokenLogos } from './known-logos.data.js'

type NetworkLogo = keyof typeof networkLogos
type TokenLogo = keyof typeof tokenLogos

const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** The chains with a logo of their own, by CAIP-2 id. */
const NETWORK_BY_ID: ReadonlyMap<string, NetworkLogo> = new Map([
  ['eip155:1', 'ethereum'],
  ['eip155:10', 'optimism'],
  ['eip155:56', 'bnbChain'],
  ['eip155:137', 'polygon'],
  ['eip155:324', 'zksync'],
  ['eip155:8453', 'base'],
  ['eip155:42161', 'arbitrum'],
  ['eip155:43114', 'avalanche'],
])

/**
 * Native currencies with a logo, by symbol. The symbol comes from the host's own network list, so
 * it is trusted; an ERC-20's or SPL token's symbol is not (anyone can deploy a "USDC"), which is
 * why those are known by address only.
 */
const NATIVE_BY_SYMBOL: ReadonlyMap<string, TokenLogo> = new Map([
  ['ETH', 'ETH'],
  ['SOL', 'SOL'],
  ['BTC', 'BTC'],
  ['POL', 'POL'],
  ['MATIC', 'POL'],
  ['BNB', 'BNB'],
  ['AVAX', 'AVAX'],
])

/** Contract tokens with a logo, by CAIP-10 address (EVM addresses lowercased). */
const TOKEN_BY_ADDRESS: ReadonlyMap<string, TokenLogo> = new Map([
  ['eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC'],
  ['eip155:10:0x0b2c639c533813f4aa9d7837caf62653d097ff85', 'USDC'],
  ['eip155:137:0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', 'USDC'],
  ['eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 'USDC'],
  ['eip155:42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831', 'USDC'],
  ['eip155:43114:0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', 'USDC'],
  [`${SOLANA_MAINNET}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`, 'USDC'],
  ['eip155:1:0xdac17f958d2ee523a2206206994597c13d831ec7', 'USDT'],
  ['eip155:43114:0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7', 'USDT'],
  [`${SOLANA_MAINNET}:Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB`, 'USDT'],
  ['eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f', 'DAI'],
  ['eip155:10:0xda10009cbd5d07dd0cecc66161fc93d7c9000da1', 'DAI'],
  ['eip155:56:0x1af3f329e8be154074d8769d1ffa4ee058b1dbc3', 'DAI'],
  ['eip155:137:0x8f3cf7ad23cd3cadbd9735aff958023239c6a063', 'DAI'],
  ['eip155:8453:0x50c5725949a6f0c72e6c4a641f24049a917db0cb', 'DAI'],
  ['eip155:42161:0xda10009cbd5d07dd0cecc66161fc93d7c9000da1', 'DAI'],
  ['eip155:1:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 'WETH'],
  ['eip155:10:0x4200000000000000000000000000000000000006', 'WETH'],
  ['eip155:8453:0x4200000000000000000000000000000000000006', 'WETH'],
  ['eip155:42161:0x82af49447d8a07e3bd95bd0d56f35241523fbab1', 'WETH'],
  ['eip155:1:0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 'WBTC'],
])

/** What {@link networkLogoUrl} reads of a network (a core `Network` has it all). */
export interface LogoNetwork {
  caipNetworkId: CaipNetworkId
  name: string
  nativeCurrency: { symbol: string }
}

/** What {@link tokenLogoUrl} reads of a token (a core `TokenBalance` has it all). */
export interface LogoToken {
  symbol: string
  /** CAIP-2 id of the token's chain. */
  chainId: string
  /** CAIP-10 address; absent for the native token. */
  address?: CaipAddress | undefined
  /** The token's own image (the wallet's or the Latch server's), used when no logo is known. */
  iconUrl?: string | undefined
}

function networkLogoOf(network: LogoNetwork): NetworkLogo | undefined {
  const own = NETWORK_BY_ID.get(network.caipNetworkId)
  if (own) return own
  // Testnets and local chains share their family's logo: every Solana cluster Solana's, every
  // Bitcoin network Bitcoin's, and an EVM chain whose gas is ETH (an L2, the devnet) Ethereum's.
  if (network.caipNetworkId.startsWith('solana:')) return 'solana'
  if (network.caipNetworkId.startsWith('bip122:')) return 'bitcoin'
  if (network.caipNetworkId.startsWith('eip155:') && network.nativeCurrency.symbol === 'ETH') {
    return 'ethereum'
  }
  return undefined
}

/**
 * A network's logo as an `<img src>`: its own (Ethereum, OP, BNB Chain, Polygon, zkSync, Base,
 * Arbitrum, Avalanche), else its family's (Solana's for every Solana cluster, Bitcoin's for every
 * Bitcoin network, Ethereum's for an EVM chain whose native currency is ETH, the devnet's
 * included), else an icon generated from its name. Always an inline image: nothing is downloaded.
 */
export function networkLogoUrl(network: LogoNetwork): string {
  const logo = networkLogoOf(network)
  return logo ? networkLogos[logo] : generateWalletIcon(network.name, network.caipNetworkId)
}

/** An EVM address is case-insensitive (EIP-55 is only a checksum); others are compared as is. */
function addressKey(address: string): string {
  return address.startsWith('eip155:') ? address.toLowerCase() : address
}

function tokenLogoOf(token: LogoToken): TokenLogo | undefined {
  if (token.address === undefined) return NATIVE_BY_SYMBOL.get(token.symbol.toUpperCase())
  return TOKEN_BY_ADDRESS.get(addressKey(token.address))
}

/**
 * A token's logo as an `<img src>`: a native currency's by its symbol (ETH, SOL, BTC, POL, BNB,
 * AVAX), a contract token's by its address (USDC, USDT, DAI, WETH, WBTC on the chains they are
 * issued on), else the token's own `iconUrl` when {@link safeImageUrl} keeps it, else an icon
 * generated from its symbol. A contract token is never matched by symbol: a copycat "USDC" gets
 * its own icon, not Circle's logo.
 */
export function tokenLogoUrl(token: LogoToken): string {
  const logo = tokenLogoOf(token)
  if (logo) return tokenLogos[logo]
  const id = token.address ?? `${token.chainId}:${token.symbol}`
  return safeImageUrl(token.iconUrl) ?? generateWalletIcon(token.symbol, id)
}
