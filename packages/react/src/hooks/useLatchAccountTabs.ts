import {
  selectAccountTab,
  selectActivity,
  selectNfts,
  selectOpenNft,
  selectPendingTransactions,
  selectPendingTransactionsActor,
  type AccountListView,
  type AccountTab,
  type NftItem,
  type PendingTransaction,
  type Transaction,
} from '@latch/core'
import { useMemo } from 'react'
import { useLatch } from './useLatch.js'
import { useSelector, useSharedSelector } from './useSelector.js'

/*
 * The Account tabs' data, as core's account-data machine (`latch.accountData`) holds it. Core
 * fetches, caches and pages; these hooks only read, and the views send the user's intents
 * (SELECT_TAB, LOAD_MORE, SELECT_NFT) to the same machine. A host without React reads the same
 * machine with the same selectors.
 */

/** The selected Account tab. */
export function useLatchAccountTab(): AccountTab {
  return useSelector(useLatch().accountData, selectAccountTab)
}

/** SPEC §2 Activity: the account's transactions and where their reading stands. */
export function useLatchActivity(): AccountListView<Transaction> {
  return useSharedSelector(useLatch().accountData, selectActivity)
}

/** SPEC §2 NFTs: the gallery and where its reading stands. */
export function useLatchNfts(): AccountListView<NftItem> {
  return useSharedSelector(useLatch().accountData, selectNfts)
}

/** The NFT whose detail is open, if any. */
export function useLatchOpenNft(): NftItem | undefined {
  return useSharedSelector(useLatch().accountData, selectOpenNft)
}

const NOT_FOLLOWING: readonly PendingTransaction[] = []
/** Before the instance runs there is no pending-transactions machine, and nothing is followed. */
const notStarted = {
  getSnapshot: () => NOT_FOLLOWING,
  subscribe: () => ({ unsubscribe: () => undefined }),
}
const same = <T>(value: T) => value

/** The transactions core follows until they settle (SPEC §4), which Activity lists as pending. */
export function useLatchPendingTransactions(): readonly PendingTransaction[] {
  const actor = useSelector(useLatch().actor, selectPendingTransactionsActor)
  const source = useMemo(
    () =>
      actor
        ? {
            getSnapshot: () => selectPendingTransactions(actor.getSnapshot()),
            subscribe: (listener: () => void) => actor.subscribe(listener),
          }
        : notStarted,
    [actor],
  )
  return useSelector(source, same)
}
