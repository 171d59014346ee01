import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { FarcasterFailure } from './farcaster-failure.js'
import type { farcasterLoginMachine, FarcasterLoginStep } from './farcaster-login.machine.js'

/** The running Farcaster sign-in (`latch.farcasterLogin`), for views and hosts. */
export type FarcasterLoginActor = ActorRefFrom<typeof farcasterLoginMachine>
export type FarcasterLoginSnapshot = SnapshotFrom<typeof farcasterLoginMachine>

/** What the ConnectingFarcaster view shows of the sign-in. */
export interface FarcasterLoginView {
  readonly step: FarcasterLoginStep
  /** The sign-in link for the QR code and the deep link, while `step` is `awaitingApproval`. */
  readonly url: string | undefined
  /** The last attempt's failure, while `step` is `failed`. */
  readonly failure: FarcasterFailure | undefined
}

const steps: readonly FarcasterLoginStep[] = [
  'requestingUri',
  'awaitingApproval',
  'connecting',
  'connected',
  'failed',
]

/** The sign-in's step, link and failure, from one snapshot. */
export function selectFarcasterLogin(
  snapshot: FarcasterLoginSnapshot | undefined,
): FarcasterLoginView {
  if (!snapshot) return { step: 'idle', url: undefined, failure: undefined }
  const step = steps.find((name) => snapshot.matches(name)) ?? 'idle'
  return {
    step,
    url: step === 'awaitingApproval' ? snapshot.context.farcasterUrl : undefined,
    failure: step === 'failed' ? snapshot.context.failure : undefined,
  }
}
