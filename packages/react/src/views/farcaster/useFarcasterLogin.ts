import { selectFarcasterLogin, type FarcasterLoginView } from '@latch/core'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

const same = (a: FarcasterLoginView, b: FarcasterLoginView) =>
  a.step === b.step && a.url === b.url && a.failure === b.failure

/** The Farcaster sign-in's step, link and failure (core's `latch.farcasterLogin`, the run on
 * show), or idle while none runs. */
export function useFarcasterLogin(): FarcasterLoginView {
  const farcasterLogin = useSelector(useLatch().actor, (s) => s.context.run?.refs.farcasterLogin)
  return useChildSelector(farcasterLogin, selectFarcasterLogin, same)
}
