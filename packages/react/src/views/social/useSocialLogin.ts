import { selectSocialLogin, type SocialLoginSnapshot, type SocialLoginView } from '@latch/core'
import { useLatch } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'

const idle: SocialLoginView = { step: 'idle', provider: undefined, failure: undefined }

/** A stand-in for before the instance runs (the machine is spawned then): always idle. */
const still = {
  getSnapshot: (): SocialLoginSnapshot | undefined => undefined,
  subscribe: () => ({ unsubscribe: () => undefined }),
}

const sameView = (a: SocialLoginView, b: SocialLoginView) =>
  a.step === b.step && a.provider === b.provider && a.failure === b.failure

/** The social login's step, provider and failure (core's `latch.socialLogin`), or idle. */
export function useSocialLogin(): SocialLoginView {
  const socialLogin = useSelector(useLatch().actor, (s) => s.context.socialLogin)
  return useSelector(
    socialLogin ?? still,
    (snapshot: SocialLoginSnapshot | undefined) => (snapshot ? selectSocialLogin(snapshot) : idle),
    sameView,
  )
}
