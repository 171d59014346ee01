import type { SdkInfo } from '../api/sdk.js'
import type { WalletBadge } from './wallet.js'

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
