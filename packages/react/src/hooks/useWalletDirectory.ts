import {
  selectWalletDirectory,
  type WalletDirectoryActor,
  type WalletDirectorySnapshot,
  type WalletDirectoryView,
} from '@latch/core'
import { useChildSelector } from './useChildSelector.js'
import { useLatch } from './useLatch.js'
import { useSelector, useSharedSelector } from './useSelector.js'

/** A stand-in for a browse not started (before the instance runs, or the view not on show). */
const notStarted = {
  getSnapshot: (): WalletDirectorySnapshot | undefined => undefined,
  subscribe: () => ({ unsubscribe: () => undefined }),
}

/**
 * A wallet list's directory, as core runs it: `walletDirectory` (the Connect list, loaded once
 * per instance) or `allWallets` (AllWallets' own browse, while on show). The view reads it and
 * sends the visitor's search and scrolling to `actor`; it starts nothing itself.
 */
export function useWalletDirectory(which: 'walletDirectory' | 'allWallets'): {
  actor: WalletDirectoryActor | undefined
  directory: WalletDirectoryView
} {
  const latch = useLatch()
  // The Connect list is the choose-wallet flow's keeper's; AllWallets' browse is its run's.
  const keeper = useSelector(latch.actor, (s) => s.context.services.walletList)
  const list = useChildSelector(keeper, (s) => s?.context.browse)
  const browse = useSelector(latch.actor, (s) => s.context.run?.refs.allWallets)
  const actor = which === 'walletDirectory' ? list : browse
  const directory = useSharedSelector(actor ?? notStarted, selectWalletDirectory)
  return { actor, directory }
}
