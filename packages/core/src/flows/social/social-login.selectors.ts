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
  /** A mini app's login (issue 29): the page leaves for the provider, no popup opens. */
  readonly redirect: boolean
}

const steps: readonly SocialLoginStep[] = [
  'requestingUri',
  'awaitingProvider',
  'leavingPage',
  'returning',
  'connecting',
  'connected',
  'failed',
]

/** The login's step, provider and failure, from one snapshot. */
export function selectSocialLogin(snapshot: SocialLoginSnapshot | undefined): SocialLoginView {
  if (!snapshot) return { step: 'idle', provider: undefined, failure: undefined, redirect: false }
  const step = steps.find((name) => snapshot.matches(name)) ?? 'idle'
  return {
    step,
    provider: snapshot.context.provider,
    failure: step === 'failed' ? snapshot.context.failure : undefined,
    redirect: snapshot.context.redirect === true,
  }
}
