import { selectSocialLogin, type SocialLoginView } from '@latch/core'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

const sameView = (a: SocialLoginView, b: SocialLoginView) =>
  a.step === b.step &&
  a.provider === b.provider &&
  a.failure === b.failure &&
  a.redirect === b.redirect

/**
 * The social login's step, provider and failure (core's `latch.socialLogin`, the run on show),
 * or idle while none runs.
 */
export function useSocialLogin(): SocialLoginView {
  const socialLogin = useSelector(useLatch().actor, (s) => s.context.run?.refs.socialLogin)
  return useChildSelector(socialLogin, selectSocialLogin, sameView)
}
