import type { SnapshotFrom } from 'xstate'
import type { LatchError } from '../../errors/latch-error.js'
import type { SIWXSession } from '../../options/sign-in.js'
import type { SignInAccount } from './sign-in-rules.js'
import type { signInRunMachine } from './sign-in.machine.js'
import type { signInServiceMachine } from './sign-in.service.js'

export type SignInRunSnapshot = SnapshotFrom<typeof signInRunMachine>
export type SignInServiceSnapshot = SnapshotFrom<typeof signInServiceMachine>

/** Where a SIWXSignMessage run is. */
export type SignInStep =
  | 'idle'
  | 'checking'
  | 'ready'
  | 'preparing'
  | 'awaitingWallet'
  | 'verifying'
  | 'failed'
  | 'signedIn'
  | 'cancelled'
  | 'done'

/** What the SIWXSignMessage view shows of its run. */
export interface SignInView {
  readonly step: SignInStep
  /** The message the wallet is asked to sign, once the backend wrote it. */
  readonly message: string | undefined
  /** SPEC §8's text of the last failure, while `failed`. */
  readonly error: LatchError | undefined
}

const runSteps = [
  'checking',
  'ready',
  'failed',
  'signedIn',
  'cancelled',
  'done',
] as const satisfies readonly SignInStep[]
const signingSteps = ['preparing', 'awaitingWallet', 'verifying'] as const

/** The run's step, message and failure, from one snapshot (`undefined`: no run on show). */
export function selectSignIn(snapshot: SignInRunSnapshot | undefined): SignInView {
  if (!snapshot) return { step: 'idle', message: undefined, error: undefined }
  const signing = signingSteps.find((name) => snapshot.matches({ signing: name }))
  const step = signing ?? runSteps.find((name) => snapshot.matches(name)) ?? 'idle'
  return {
    step,
    message: snapshot.context.message?.toString(),
    error: step === 'failed' ? snapshot.context.error : undefined,
  }
}

/** Where the keeper is with the account connected now. */
export type SignInStatus =
  'idle' | 'notSigningIn' | 'checking' | 'signedIn' | 'signedOut' | 'signingOut'

/** The account connected now and its sign-in session (`latch.getSession()`, the subscription). */
export interface SignInState {
  readonly status: SignInStatus
  readonly account: SignInAccount | undefined
  readonly session: SIWXSession | undefined
}

const serviceSteps = [
  'idle',
  'notSigningIn',
  'checking',
  'signedIn',
  'signedOut',
  'signingOut',
] as const satisfies readonly SignInStatus[]

/** The keeper's account and session (`undefined`: sign-in is off, or the instance not running). */
export function selectSignInState(snapshot: SignInServiceSnapshot | undefined): SignInState {
  if (!snapshot) return { status: 'idle', account: undefined, session: undefined }
  const status = serviceSteps.find((name) => snapshot.matches(name)) ?? 'checking'
  const { account, session } = snapshot.context
  return { status, account, session }
}
