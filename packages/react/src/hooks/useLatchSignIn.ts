import { selectSignInState, type SignInState } from '@latch/core'
import { useChildSelector } from './useChildSelector.js'
import { useLatch } from './useLatch.js'
import { useSelector } from './useSelector.js'

const same = (a: SignInState, b: SignInState) =>
  a.status === b.status && a.account === b.account && a.session === b.session

/**
 * Sign in with the wallet (issue 30): the connected account's sign-in state: `status` (`idle`
 * with no account, `checking`, `signedIn`, `signedOut`…), `account` and its `session` (with the
 * Latch server's `token`). `idle` while sign-in is off or the instance is not running. Sign in
 * and out with `useLatch().signIn()` / `.signOut()`.
 */
export function useLatchSignIn(): SignInState {
  const service = useSelector(useLatch().actor, (s) => s.context.services.signInService)
  return useChildSelector(service, selectSignInState, same)
}
