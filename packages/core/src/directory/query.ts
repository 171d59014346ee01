// SPEC §7 `GET /getWallets`: the query, its URL, and its answer from a list of wallets. Pure, and
// on the wire side (`@latch/core/api` exports it): the Latch server answers with the same rule a
// host without a server runs, so the two never page or filter differently.
import type { SdkInfo } from '../api/sdk.js'
import { isWalletExcluded } from '../connector/exclusion.js'
import type { DirectoryWallet, WalletBadge } from './wallet.js'

export type { SdkInfo }

/**
 * One page request to the wallet directory, as SPEC §7 `GET /getWallets` takes it. The same
 * query is answered by the remote service and by the built-in data module.
 */
export interface WalletQuery {
  /** 1-based page number. */
  page: number
  /** Wallets per page (SPEC §9: 40; a search asks for its 100 results at once). */
  entries: number
  /** Case-insensitive text matched against wallet names; blank means no search. */
  search?: string
  /** When not empty, only wallets with these ids. */
  include?: readonly string[]
  /** Wallets to leave out, by id, rdns or name (SPEC §5). */
  exclude?: readonly string[]
  /** Only wallets that support at least one of these CAIP-2 chains. */
  chains?: readonly string[]
  /** Only wallets carrying this badge. */
  badge?: Extract<WalletBadge, 'certified'>
}

/** One page of wallets and how many match the query in all. */
export interface WalletPage<W> {
  data: W[]
  count: number
}

/** SPEC §9: wallets per page of the AllWallets list. */
export const WALLETS_PER_PAGE = 40
/** SPEC §9: a search shows at most this many wallets (and a page asks for at most as many). */
export const WALLET_SEARCH_LIMIT = 100

function positiveInteger(value: number, fallback: number): number {
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback
}

/** Whether the wallet supports any of `chains`; no chains at all keeps every wallet. */
export function supportsAnyChain(wallet: DirectoryWallet, chains: readonly string[]): boolean {
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

/** The list's entries, trimmed, without blanks, comma-joined; `undefined` when none is left. */
function joinList(list: readonly string[] | undefined): string | undefined {
  const entries = (list ?? []).map((entry) => entry.trim()).filter((entry) => entry !== '')
  return entries.length > 0 ? entries.join(',') : undefined
}

/**
 * The URL of SPEC §7 `GET {baseUrl}/getWallets`, with exactly the SPEC's parameters, in its order:
 * `projectId, st, sv, page, entries, include, exclude, chains, search, badge_type`. Lists are
 * comma-joined; an empty list, a blank search or no badge leaves its parameter out.
 * @param baseUrl the service root, with or without a trailing slash; it may carry a path.
 */
export function buildGetWalletsUrl(
  baseUrl: string,
  projectId: string,
  query: WalletQuery,
  sdk: SdkInfo,
): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/getWallets`)
  const optional: Array<[string, string | undefined]> = [
    ['include', joinList(query.include)],
    ['exclude', joinList(query.exclude)],
    ['chains', joinList(query.chains)],
    ['search', query.search?.trim() || undefined],
    ['badge_type', query.badge],
  ]
  const params = new URLSearchParams([
    ['projectId', projectId],
    ['st', sdk.type],
    ['sv', sdk.version],
    ['page', String(query.page)],
    ['entries', String(query.entries)],
  ])
  for (const [name, value] of optional) {
    if (value !== undefined) params.append(name, value)
  }
  url.search = params.toString()
  return url.toString()
}
