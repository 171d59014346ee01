import type { DirectoryWallet } from '@latch/core'
import { useEffect, useMemo, useState } from 'react'
import { useLatch } from '../../hooks/useLatch.js'

/**
 * The directory entry of `walletId`, for its name, icon and deep links. Local wallets answer in
 * the same render; otherwise core's `findWallet` answers (from a page already loaded, or one
 * request), dropped if the view closes first. Undefined until found, or when there is none.
 */
export function useDirectoryWallet(walletId: string | undefined): DirectoryWallet | undefined {
  const { directory } = useLatch()
  const local = useMemo(
    () => (walletId ? directory.localWallets?.find((w) => w.id === walletId) : undefined),
    [directory, walletId],
  )
  const [found, setFound] = useState<DirectoryWallet | undefined>()
  useEffect(() => {
    if (!walletId || directory.localWallets) return
    const abort = new AbortController()
    directory.client.findWallet(walletId, { signal: abort.signal }).then(
      (wallet) => {
        if (!abort.signal.aborted) setFound(wallet)
      },
      // Without its entry the view still pairs: the QR code and copy link need no directory.
      () => undefined,
    )
    return () => abort.abort()
  }, [directory, walletId])
  return local ?? (found?.id === walletId ? found : undefined)
}
