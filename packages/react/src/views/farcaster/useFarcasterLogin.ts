import {
  selectFarcasterLogin,
  type FarcasterLoginSnapshot,
  type FarcasterLoginView,
} from '@latch/core'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

const idle: FarcasterLoginView = { step: 'idle', url: undefined, failure: undefined }

/** A stand-in for before the instance runs (the machine is spawned then): always idle. */
const notYet = {
  getSnapshot: (): FarcasterLoginSnapshot | undefined => undefined,
  subscribe: () => ({ unsubscribe: () => undefined }),
}

const same = (a: FarcasterLoginView, b: FarcasterLoginView) =>
  a.step === b.step && a.url === b.url && a.failure === b.failure

/** The Farcaster sign-in's step, link and failure (core's `latch.farcasterLogin`), or idle. */
export function useFarcasterLogin(): FarcasterLoginView {
  const farcasterLogin = useSelector(useLatch().actor, (s) => s.context.farcasterLogin)
  return useSelector(
    farcasterLogin ?? notYet,
    (snapshot: FarcasterLoginSnapshot | undefined) =>
      snapshot ? selectFarcasterLogin(snapshot) : idle,
    same,
  )
}
