import { isWalletExcluded } from '../connector/exclusion.js'
import type { WalletPage, WalletQuery } from './query.js'
import type { DirectoryWallet } from './wallet.js'

/** SPEC §9: wallets per page of the AllWallets list. */
export const WALLETS_PER_PAGE = 40
/** SPEC §9: a search shows at most this many wallets. */
export const WALLET_SEARCH_LIMIT = 100
/** SPEC §9: recommended wallets shown on the Connect view. */
export const RECOMMENDED_WALLETS_COUNT = 4

function positiveInteger(value: number, fallback: number): number {
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback
}

function supportsAnyChain(wallet: DirectoryWallet, chains: readonly string[]): boolean {
  return chains.length === 0 || wallet.chains.some((chain) => chains.includes(chain))
}

/**
 * Answers a SPEC §7 `GET /getWallets` query from a list of wallets (the built-in data module until
 * the service exists), with the service's contract: `include` keeps only the listed ids, `exclude`
 * drops wallets by id, rdns or name, `chains` keeps wallets supporting any of them, `badge` keeps
 * badged wallets, and `search` matches names case-insensitively (trimmed), capped at
 * {@link WALLET_SEARCH_LIMIT} results. `count` is the number of matches; `data` is the requested
 * page of them. Order is the list's own, so pages never shift between calls. A page or entries
 * that is not a positive integer reads as the first page of {@link WALLETS_PER_PAGE}.
 */
export function queryLocalDirectory<W extends DirectoryWallet>(
  wallets: readonly W[],
  query: WalletQuery,
): WalletPage<W> {
  const include = query.include ?? []
  const exclude = query.exclude ?? []
  const chains = query.chains ?? []
  const search = query.search?.trim().toLowerCase() ?? ''
  let matches = wallets.filter(
    (wallet) =>
      (include.length === 0 || include.includes(wallet.id)) &&
      !isWalletExcluded(wallet, exclude) &&
      supportsAnyChain(wallet, chains) &&
      (query.badge === undefined || wallet.badge === query.badge) &&
      (search === '' || wallet.name.toLowerCase().includes(search)),
  )
  if (search !== '') matches = matches.slice(0, WALLET_SEARCH_LIMIT)
  const entries = positiveInteger(query.entries, WALLETS_PER_PAGE)
  const start = (positiveInteger(query.page, 1) - 1) * entries
  return { data: matches.slice(start, start + entries), count: matches.length }
}

/** What decides the recommended wallets. */
export interface RecommendedWalletsOptions {
  /** The host's `featuredWalletIds`: shown first, in this order. */
  featuredWalletIds?: readonly string[]
  /** The host's `includeWalletIds`: when not empty, only these may be recommended. */
  includeWalletIds?: readonly string[]
  /** The host's `excludeWalletIds`: never recommended (by id, rdns or name). */
  excludeWalletIds?: readonly string[]
  /** rdns of the wallets announced on the page; they are listed elsewhere as installed. */
  installedRdns?: readonly string[]
  /** When given, only wallets supporting at least one of these CAIP-2 chains. */
  chains?: readonly string[]
}

/**
 * The SPEC §9 recommended wallets: at most {@link RECOMMENDED_WALLETS_COUNT}, the featured ones
 * first (in `featuredWalletIds` order), then the directory's own order. Installed wallets are
 * left out, since the Connect view already lists them, and so are excluded ones.
 */
export function recommendedWallets<W extends DirectoryWallet>(
  wallets: readonly W[],
  options: RecommendedWalletsOptions = {},
): W[] {
  const include = options.includeWalletIds ?? []
  const installed = options.installedRdns ?? []
  const chains = options.chains ?? []
  const eligible = wallets.filter(
    (wallet) =>
      (include.length === 0 || include.includes(wallet.id)) &&
      !isWalletExcluded(wallet, options.excludeWalletIds ?? []) &&
      !(wallet.rdns !== undefined && installed.includes(wallet.rdns)) &&
      supportsAnyChain(wallet, chains),
  )
  const featuredIds = options.featuredWalletIds ?? []
  const featured = featuredIds.flatMap((id) => eligible.filter((wallet) => wallet.id === id))
  const others = eligible.filter((wallet) => !featuredIds.includes(wallet.id))
  // A featured id listed twice must not take two places.
  return [...new Set([...featured, ...others])].slice(0, RECOMMENDED_WALLETS_COUNT)
}
