import { createActor, type ActorRefFrom } from 'xstate'
import type { AdapterRegistry } from '../adapter/registry.js'
import type { EmbeddedWallet } from '../machines/connection.types.js'
import { route, type Route, type ViewName } from '../router/routes.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import { createAuthFrame, type AuthFrame, type AuthFrameOptions } from './auth-frame.js'
import { createAuthLink, type AuthLink } from './auth-link.js'
import { embeddedWalletOf } from './embedded-wallet.js'
import { emailLoginMachine } from './email-login.machine.js'
import { updateEmailMachine } from './update-email.machine.js'

/** The running email-login flow, for the views. */
export type EmailLoginActor = ActorRefFrom<typeof emailLoginMachine>
/** The running email-update flow, for the views. */
export type UpdateEmailActor = ActorRefFrom<typeof updateEmailMachine>

/** What the auth runtime asks of the instance: the modal and the connection. */
export interface AuthUi {
  /** The view on show, if the modal is open. */
  currentView(): ViewName | undefined
  push(route: Route): void
  replace(route: Route): void
  goBack(): void
  /** Connect the AUTH connector (the frame holds a session now). */
  connect(): void
  /** The connected AUTH connector's login changed (an email update): its connection says so. */
  embeddedWalletChanged(embeddedWallet: EmbeddedWallet): void
}

export interface AuthRuntimeDeps {
  readonly frame: Pick<
    AuthFrameOptions,
    | 'serverUrl'
    | 'projectId'
    | 'chainId'
    | 'version'
    | 'loader'
    | 'mount'
    | 'onRefused'
    | 'onTimeout'
  >
  readonly registry: AdapterRegistry
  readonly storage: LatchStorage
  readonly ui: AuthUi
}

/** The embedded wallet of a started instance: loaded on first use (SPEC §4). */
export interface AuthRuntime {
  readonly frame: AuthFrame
  readonly link: AuthLink
  /** The email login under way, if any. */
  readonly login: EmailLoginActor | undefined
  /** The email update under way, if any. */
  readonly update: UpdateEmailActor | undefined
  /** Starts a login for `email` (a new one replaces any under way). */
  submitEmail(email: string): EmailLoginActor
  /** Starts moving the login to `email` (UpdateEmailWallet), replacing any update under way. */
  startUpdate(email: string): UpdateEmailActor
  /**
   * Who is logged in, from the login cache (see {@link embeddedWalletOf}): the AUTH connection
   * carries it, so SPEC §3's `embeddedWalletInfo` is built from the connection's snapshot.
   */
  embeddedWallet(): EmbeddedWallet | undefined
  /** Called when `login`, `update` or the approval change. */
  subscribe(listener: () => void): () => void
  destroy(): void
}

const emailViews: ReadonlySet<ViewName> = new Set<ViewName>([
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
])

/**
 * Runs the email flows against the secure frame and tells the modal what they mean: a code sent
 * shows EmailVerifyOtp (or EmailVerifyDevice first), a login connects the AUTH connector, an
 * approval waiting in the frame shows ApproveTransaction (the frame is visible above it) until
 * the frame says it is settled.
 */
export function createAuthRuntime(deps: AuthRuntimeDeps): AuthRuntime {
  const { registry, storage, ui } = deps
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  const frame = createAuthFrame({
    ...deps.frame,
    onSessionExpired: () => void link.signOut(),
  })
  const link = createAuthLink({ frame, registry, storage })
  link.attach()
  let login: EmailLoginActor | undefined
  let update: UpdateEmailActor | undefined

  /** Moves within the email views without stacking them: Back leaves the flow at once. */
  const show = (next: Route) => {
    const view = ui.currentView()
    if (view && emailViews.has(view)) ui.replace(next)
    else ui.push(next)
  }

  frame.onApprovalChange((approval) => {
    if (approval) ui.push(route('ApproveTransaction'))
    else if (ui.currentView() === 'ApproveTransaction') ui.goBack()
    changed()
  })

  return {
    frame,
    link,
    get login() {
      return login
    },
    get update() {
      return update
    },
    submitEmail(email) {
      login?.stop()
      const actor = createActor(emailLoginMachine.provide({ actors: link.loginActors }), {
        input: { storage },
      })
      actor.on('awaiting', ({ step, email: address }) =>
        show(
          step === 'otp'
            ? route('EmailVerifyOtp', { email: address })
            : route('EmailVerifyDevice', { email: address }),
        ),
      )
      actor.on('loggedIn', () => {
        link.attach()
        ui.connect()
      })
      login = actor
      actor.start()
      actor.send({ type: 'SUBMIT_EMAIL', email })
      changed()
      return actor
    },
    startUpdate(email) {
      update?.stop()
      const actor = createActor(updateEmailMachine.provide({ actors: link.updateActors }), {
        input: { storage },
      })
      actor.on('awaiting', ({ step, email }) =>
        show(
          step === 'primary'
            ? route('UpdateEmailPrimaryOtp', { email })
            : route('UpdateEmailSecondaryOtp', { email }),
        ),
      )
      actor.on('emailUpdated', ({ email }) => {
        // The event's email, not only the stored one: a failed storage write must not leave the
        // account state showing the old address.
        const known = embeddedWalletOf(storage)
        ui.embeddedWalletChanged({
          authProvider: known?.authProvider ?? 'email',
          user: { ...known?.user, email },
        })
        ui.goBack()
      })
      update = actor
      actor.start()
      actor.send({ type: 'SUBMIT_EMAIL', email })
      changed()
      return actor
    },
    embeddedWallet: () => embeddedWalletOf(storage),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      login?.stop()
      update?.stop()
      frame.destroy()
      listeners.clear()
    },
  }
}
