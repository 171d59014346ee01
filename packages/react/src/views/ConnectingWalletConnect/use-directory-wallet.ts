import type { DirectoryWallet } from '@latch/core'
import { useEffect, useMemo, useState } from 'react'
import { useLatch } from '../../hooks/useLatch.js'

/**
 * The directory entry of `walletId`, for its name, icon and deep links. The built-in directory
 * answers in the same render; a remote one is asked once (`include` = the id) and the request
 * is dropped if the view closes first. Undefined until found, or when there is no such wallet.
 */
export function useDirectoryWallet(walletId: string | undefined): DirectoryWallet | undefined {
  const { directory } = useLatch()
  const local = useMemo(
    () => (walletId ? directory.localWallets?.find((w) => w.id === walletId) : undefined),
    [directory, walletId],
  )
  const [remote, setRemote] = useState<DirectoryWallet | undefined>()
  useEffect(() => {
    if (!walletId || directory.localWallets) return
    const abort = new AbortController()
    directory.client
      .getWallets({ page: 1, entries: 1, include: [walletId] }, { signal: abort.signal })
      .then(
        (page) => {
          if (!abort.signal.aborted) setRemote(page.data.find((w) => w.id === walletId))
        },
        // Without its entry the view still pairs: the QR code and copy link need no directory.
        () => undefined,
      )
    return () => abort.abort()
  }, [directory, walletId])
  return local ?? (remote?.id === walletId ? remote : undefined)
}
