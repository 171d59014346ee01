import { LatchError } from '../../errors/latch-error.js'
import { isSignInRequired } from '../../options/sign-in.js'
import { selectModalState } from '../../machines/modal.selectors.js'
import type { SIWXSession } from '../../options/sign-in.js'
import type { LatchChildren } from '../children.js'
import { sameAccount, type SignInAccount } from './sign-in-rules.js'
import { selectSignInState, type SignInState } from './sign-in.selectors.js'
import type { SignInServiceActor } from './sign-in.service.js'

/*
 * The promises of the sign-in host methods. Each settles from every state: it watches the keeper
 * for the outcome, the modal closing (USER_REJECTED) and the instance being destroyed
 * (REQUEST_ABORTED).
 */

/** Resolves with the keeper's state once it knows whether the account has a session. */
export function settled(service: SignInServiceActor): Promise<SignInState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = selectSignInState(service.getSnapshot())
      if (state.status === 'checking' || state.status === 'signingOut') return false
      resolve(state)
      return true
    }
    if (check()) return
    const subscription = service.subscribe({
      next: () => {
        if (check()) subscription.unsubscribe()
      },
      complete: () => reject(new LatchError('REQUEST_ABORTED')),
    })
  })
}

/**
 * Resolves with `account`'s session once the run stored it; rejects USER_REJECTED when the modal
 * closes first (Cancel, Close), NO_ACTIVE_CAIP_ADDRESS when the account leaves.
 */
export function sessionFor(
  service: SignInServiceActor,
  children: Pick<LatchChildren, 'modal'>,
  account: SignInAccount,
): Promise<SIWXSession> {
  return new Promise((resolve, reject) => {
    const subscriptions: Array<{ unsubscribe(): void }> = []
    const settle = () => subscriptions.forEach((subscription) => subscription.unsubscribe())
    const check = () => {
      const state = selectSignInState(service.getSnapshot())
      if (!state.account || !sameAccount(state.account, account)) {
        settle()
        reject(new LatchError('NO_ACTIVE_CAIP_ADDRESS'))
      } else if (state.session) {
        settle()
        resolve(state.session)
      }
    }
    subscriptions.push(
      service.subscribe({
        next: check,
        complete: () => (settle(), reject(new LatchError('REQUEST_ABORTED'))),
      }),
      children.modal.subscribe((snapshot) => {
        if (selectModalState(snapshot).open) return
        // The keeper hears the run's session before the modal closes: look once more.
        check()
        settle()
        reject(new LatchError('USER_REJECTED'))
      }),
    )
  })
}

/** Resolves once the keeper signed the account out; rejects with the backend's failure. */
export async function signedOut(service: SignInServiceActor): Promise<void> {
  const state = await settled(service)
  const { error } = service.getSnapshot().context
  if (state.status === 'signedIn' && error) throw error
}

/** What the host methods are given: the instance, as the flow's descriptor sees it. */
interface HostSide {
  readonly io: { readonly signIn?: unknown }
  readonly options: Parameters<typeof isSignInRequired>[0]
  readonly children: Pick<LatchChildren, 'modal' | 'connection'>
  ready(): Promise<void>
  services(): { readonly signInService?: SignInServiceActor | undefined }
  startFlow(flow: string, request?: unknown): void
}

/** The keeper, once the instance runs; SIWX_NOT_ENABLED without sign-in options. */
async function keeper(context: HostSide): Promise<SignInServiceActor> {
  if (!context.io.signIn) throw new LatchError('SIWX_NOT_ENABLED')
  await context.ready()
  const service = context.services().signInService
  if (!service) throw new LatchError('SIWX_NOT_ENABLED')
  return service
}

/** `latch.getSession()`. */
export async function getSession(context: HostSide): Promise<SIWXSession | undefined> {
  return (await settled(await keeper(context))).session
}

/** `latch.signIn()`: the run starts, asking the wallet at once. */
export async function signIn(context: HostSide): Promise<SIWXSession> {
  const service = await keeper(context)
  const state = await settled(service)
  if (!state.account) throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
  if (state.session) return state.session
  const session = sessionFor(service, context.children, state.account)
  context.startFlow('signingIn', { sign: true })
  return session
}

/** `latch.signOut()`: where sign-in is required, the wallet is disconnected too. */
export async function signOut(context: HostSide): Promise<void> {
  const service = await keeper(context)
  service.send({ type: 'SIGN_OUT' })
  await signedOut(service)
  if (isSignInRequired(context.options)) context.children.connection.send({ type: 'DISCONNECT' })
}

/** `latch.subscribeSignIn()`: the listener hears the state now and on every change. */
export async function subscribeSignIn(
  context: HostSide,
  listener: (state: SignInState) => void,
): Promise<() => void> {
  const service = await keeper(context)
  listener(selectSignInState(service.getSnapshot()))
  const subscription = service.subscribe((snapshot) => listener(selectSignInState(snapshot)))
  return () => subscription.unsubscribe()
}
