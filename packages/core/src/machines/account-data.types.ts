import type { AccountHistoryResponse, Transaction } from '../api/account.js'
import type { ErrorCode } from '../errors/catalogue.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'

/** SPEC §2 Account view tabs. */
export const accountTabs = ['tokens', 'nfts', 'activity'] as const
export type AccountTab = (typeof accountTabs)[number]

/** Whose data the tabs show: the current account on its active network. */
export interface AccountDataTarget {
  /** A new key is another account or network: the lists start over. */
  key: string
  namespace: ChainNamespace
  address: string
  caipNetworkId: CaipNetworkId
}

/** One NFT of the gallery (ERC-721 or ERC-1155), as core hands it to a view. */
export interface NftItem {
  /** Unique in the list: the token's CAIP-10 contract and its id. */
  id: string
  /** The token's contract, CAIP-10. */
  contract: string
  tokenId: string
  name: string
  /** The collection's name (else its symbol, else `NFT`). */
  collection: string
  description?: string
  /** Untrusted: a view passes it through core's image rule (`safeImageUrl`) before `<img>`. */
  imageUrl?: string
  /** How many the account holds (1 for an ERC-721 token). */
  amount: string
  standard: 'erc721' | 'erc1155'
}

/** One page of NFTs; `next` is null on the last page. */
export interface NftPage {
  items: readonly NftItem[]
  next: string | null
}

/** The paged lists: the Activity tab's transactions and the NFTs tab's gallery. */
export type AccountList = 'activity' | 'nfts'

/** A page of either list, named by its list (what the `fetchPage` actor resolves with). */
export type FetchedPage =
  { list: 'activity'; page: AccountHistoryResponse } | { list: 'nfts'; page: NftPage }

/** What one fetch of a paged list needs. */
export interface PageRequest {
  address: string
  caipNetworkId: CaipNetworkId
  /** The opaque cursor of the page; absent for the first. */
  cursor?: string
}

/**
 * A list the tabs page through by cursor. Loaded pages are kept while the account and network
 * stay the same (the cache a tab shows at once when it is shown again, while the first page is
 * read again).
 */
export interface PagedList<T> {
  items: readonly T[]
  /** The next page's cursor; null on the last page, or after a failure. */
  next: string | null
  /** The target key the items belong to; undefined: nothing loaded yet. */
  loadedKey?: string
  /** The last read failed (SPEC §8 code); cleared by the next success. */
  error?: ErrorCode
}

export type AccountDataEvent =
  /** The current account or network changed (the root's listener tells). */
  | { type: 'TARGET'; target: AccountDataTarget | undefined }
  /** The Account view is shown (its route flow began): the selected tab loads. */
  | { type: 'SHOW' }
  /** The Account view is gone: every read stops; what was loaded is kept for next time. */
  | { type: 'HIDE' }
  /** The user picked a tab: it loads, unless loaded since the view was shown. */
  | { type: 'SELECT_TAB'; tab: AccountTab }
  /** The user scrolled to the end of the selected tab's list: its next page. */
  | { type: 'LOAD_MORE' }
  /** Try the selected tab's failed read again. */
  | { type: 'RETRY' }
  /** Open one NFT's detail (its id), or close it (`undefined`). */
  | { type: 'SELECT_NFT'; id: string | undefined }

export type AccountDataEmitted =
  /** SPEC §8: the history could not be read: 'Failed to fetch transactions', the list empty. */
  { type: 'historyFailed' }

export interface AccountDataContext {
  target?: AccountDataTarget
  tab: AccountTab
  activity: PagedList<Transaction>
  nfts: PagedList<NftItem>
  /** The NFT whose detail is open. */
  selectedNft?: string
  /** Set when the view is shown: each tab reads its first page again once. */
  stale: { activity: boolean; nfts: boolean }
}
