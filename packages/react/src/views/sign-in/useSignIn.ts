import { selectSignIn, type SignInView } from '@latch/core'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

const same = (a: SignInView, b: SignInView) =>
  a.step === b.step && a.message === b.message && a.error === b.error

/** The sign-in run on show (core's `latch.signingIn`): its step, message and failure. */
export function useSignIn(): SignInView {
  const signingIn = useSelector(useLatch().actor, (s) => s.context.run?.refs.signingIn)
  return useChildSelector(signingIn, selectSignIn, same)
}
