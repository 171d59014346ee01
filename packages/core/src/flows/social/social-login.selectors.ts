import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { SocialProvider } from '../../router/routes.js'
import type { SocialFailure } from './social-failure.js'
import type { socialLoginMachine, SocialLoginStep } from './social-login.machine.js'

/** The running social login (`latch.socialLogin`), for views and hosts. */
export type SocialLoginActor = ActorRefFrom<typeof socialLoginMachine>
export type SocialLoginSnapshot = SnapshotFrom<typeof socialLoginMachine>

/** What the ConnectingSocial view shows of the login. */
export interface SocialLoginView {
  /** The step on show (`openingPopup` is transient, never seen). */
  readonly step: SocialLoginStep
  readonly provider: SocialProvider | undefined
  /** The last attempt's failure, while `step` is `failed`. */
  readonly failure: SocialFailure | undefined
}

const steps: readonly SocialLoginStep[] = [
  'requestingUri',
  'awaitingProvider',
  'connecting',
  'connected',
  'failed',
]

/** The login's step, provider and failure, from one snapshot. */
export function selectSocialLogin(snapshot: SocialLoginSnapshot | undefined): SocialLoginView {
  if (!snapshot) return { step: 'idle', provider: undefined, failure: undefined }
  const step = steps.find((name) => snapshot.matches(name)) ?? 'idle'
  return {
    step,
    provider: snapshot.context.provider,
    failure: step === 'failed' ? snapshot.context.failure : undefined,
  }
}
