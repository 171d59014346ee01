import type { SnapshotFrom } from 'xstate'
import type { Transaction } from '../api/account.js'
import type { ErrorCode } from '../errors/catalogue.js'
import type { accountDataMachine } from './account-data.machine.js'
import type { AccountTab, NftItem } from './account-data.types.js'

/*
 * What the Account tabs show, read from the account-data machine (`latch.accountData`). A host
 * without React subscribes to that actor and calls these; the React views do the same.
 */

export type AccountDataSnapshot = SnapshotFrom<typeof accountDataMachine>

/**
 * Where a paged list stands:
 * - `idle`: not asked for (its tab was not selected since the view was shown, or no view);
 * - `loading`: its first page is read (the items of an earlier read may still be shown);
 * - `loadingMore`: its next page is read;
 * - `ready`: read; `hasMore` says whether a next page exists;
 * - `failed`: the read failed: the list is empty and `error` says why (SPEC §8).
 */
export type ListStatus = 'idle' | 'loading' | 'loadingMore' | 'ready' | 'failed'

export interface AccountListView<T> {
  status: ListStatus
  items: readonly T[]
  hasMore: boolean
  error?: ErrorCode
}

const steps = ['loading', 'loadingMore', 'ready', 'failed'] as const

function listView<T>(
  snapshot: AccountDataSnapshot,
  list: 'activity' | 'nfts',
  items: readonly T[],
): AccountListView<T> {
  const { next, error } = snapshot.context[list]
  const status =
    steps.find((step) => snapshot.matches({ shown: { [list]: step } })) ?? ('idle' as const)
  return { status, items, hasMore: next !== null, ...(error ? { error } : {}) }
}

/** SPEC §2 Activity: the account's transactions, newest first, page by page. */
export function selectActivity(snapshot: AccountDataSnapshot): AccountListView<Transaction> {
  return listView(snapshot, 'activity', snapshot.context.activity.items)
}

/** SPEC §2 NFTs: the gallery, page by page. */
export function selectNfts(snapshot: AccountDataSnapshot): AccountListView<NftItem> {
  return listView(snapshot, 'nfts', snapshot.context.nfts.items)
}

/** The Account view's selected tab (Tokens until the user picks another). */
export function selectAccountTab(snapshot: AccountDataSnapshot): AccountTab {
  return snapshot.context.tab
}

/** The NFT whose detail is open, while it is in the gallery. */
export function selectOpenNft(snapshot: AccountDataSnapshot): NftItem | undefined {
  const id = snapshot.context.selectedNft
  return id === undefined ? undefined : snapshot.context.nfts.items.find((nft) => nft.id === id)
}
