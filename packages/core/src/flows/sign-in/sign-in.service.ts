import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { LatchError } from '../../errors/latch-error.js'
import { selectModalState, selectRoute } from '../../machines/modal.selectors.js'
import type { SIWXSession } from '../../options/sign-in.js'
import { route } from '../../router/routes.js'
import type { FlowPort } from '../port.js'
import type { SignInBackend } from './sign-in-backend.js'
import { sameAccount, signInAccountOf, type SignInAccount } from './sign-in-rules.js'

/** What the sign-in keeper is started with. */
export interface SignInServiceInput {
  readonly port: Pick<FlowPort, 'connection' | 'modal'>
  readonly backend: SignInBackend
}

export interface SignInServiceContext extends SignInServiceInput {
  /** The account connected now, if any. */
  readonly account: SignInAccount | undefined
  /** It connected through an open that waived sign-in (`open({ siwx: false })`). */
  readonly waived: boolean
  /** Its session, once found or made. */
  readonly session: SIWXSession | undefined
  /** The last sign-out's failure, for the host's `signOut()`. */
  readonly error: LatchError | undefined
}

export type SignInServiceEvent =
  /** The connection's account changed (connected, another account or chain, disconnected). */
  | { type: 'ACCOUNT'; account: SignInAccount | undefined; waived: boolean }
  /** The SIWXSignMessage run stored a session for `account`. */
  | { type: 'SESSION_ADDED'; account: SignInAccount; session: SIWXSession }
  /** The host's `signOut()`. */
  | { type: 'SIGN_OUT' }

/** A backend call about an account (none: nothing to ask). */
interface AccountInput {
  backend: SignInBackend
  account: SignInAccount | undefined
}

const sameOrNone = (a: SignInAccount | undefined, b: SignInAccount | undefined) =>
  a === undefined || b === undefined ? a === b : sameAccount(a, b)

/**
 * The sign-in keeper (SPEC §4 "Sign-in flow"), for the instance's life: it knows whether the
 * account connected now has a session, and tells the router (`hasSignInSession`, and whether
 * this chain signs in at all), so Close is disabled only while a required sign-in is missing. A
 * reload that finds the session asks nothing; an account without one where sign-in is required
 * (a reload's reconnect, another account or chain) is shown SIWXSignMessage, so a closed modal
 * never hides a sign-in that holds Close. It is what `latch.getSession()` and the subscription
 * read.
 */
export const signInServiceMachine = setup({
  types: {
    input: {} as SignInServiceInput,
    context: {} as SignInServiceContext,
    events: {} as SignInServiceEvent,
  },
  actors: {
    watchAccount: fromCallback<SignInServiceEvent, SignInServiceInput['port']>(
      ({ input, sendBack }) => {
        let last: SignInAccount | undefined
        const check = () => {
          const account = signInAccountOf(input.connection.getSnapshot())
          if (sameOrNone(account, last)) return
          last = account
          // Read as the account arrives: the open that connected it is still on show.
          const waived = input.modal.getSnapshot().context.signInWaived
          sendBack({ type: 'ACCOUNT', account, waived })
        }
        check()
        const subscription = input.connection.subscribe(check)
        return () => subscription.unsubscribe()
      },
    ),
    findSession: fromPromise<SIWXSession | undefined, AccountInput>(
      async ({ input: { backend, account } }) => {
        if (!account) return undefined
        const sessions = await backend.config.getSessions(account.chainId, account.address)
        return sessions[0]
      },
    ),
    revoke: fromPromise<void, AccountInput>(async ({ input: { backend, account } }) => {
      if (account) await backend.config.revokeSession(account.chainId, account.address)
    }),
  },
  guards: {
    hasAccount: ({ context }) => context.account !== undefined,
    signsIn: ({ context }) =>
      context.account !== undefined && context.backend.supports(context.account.chainId),
    isAccountEvent: ({ context, event }) =>
      event.type === 'SESSION_ADDED' &&
      context.account !== undefined &&
      sameAccount(event.account, context.account),
  },
  actions: {
    /** The router's facts for the account now: does it sign in, must it, has it a session. */
    tellRouter: enqueueActions(({ context, enqueue }) => {
      const { account, backend } = context
      const signInEnabled = account === undefined || backend.supports(account.chainId)
      enqueue.sendTo(context.port.modal, {
        type: 'FACTS_UPDATED',
        facts: {
          signInEnabled,
          signInRequired: signInEnabled && backend.required(),
          hasSignInSession: context.session !== undefined,
        },
      })
    }),
    /**
     * An account with no session, where sign-in is required: SIWXSignMessage shows (a closed
     * modal opens on it), unless it is on show already (the router shows it after a connect) or
     * the open that connected waived it. Where sign-in is optional, nothing is asked
     * (reown-com/appkit#3709: a reload asks nothing).
     */
    askIfRequired: enqueueActions(({ context, enqueue }) => {
      if (context.waived || !context.backend.required()) return
      const modal = context.port.modal.getSnapshot()
      if (selectModalState(modal).open && selectRoute(modal).view === 'SIWXSignMessage') return
      enqueue.sendTo(context.port.modal, { type: 'PUSH', route: route('SIWXSignMessage') })
    }),
    /** The account left: its session is forgotten here, and revoked if the host asked. */
    leaveAccount: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'ACCOUNT') return
      const previous = context.account
      if (previous && context.backend.signOutOnDisconnect && context.session) {
        enqueue.spawnChild('revoke', { input: { backend: context.backend, account: previous } })
      }
      enqueue.assign({
        account: event.account,
        waived: event.waived,
        session: undefined,
        error: undefined,
      })
    }),
  },
}).createMachine({
  id: 'signInService',
  context: ({ input }) => ({
    ...input,
    account: undefined,
    waived: false,
    session: undefined,
    error: undefined,
  }),
  invoke: { src: 'watchAccount', input: ({ context }) => context.port },
  initial: 'idle',
  on: {
    ACCOUNT: { target: '.choosing', actions: 'leaveAccount' },
    // A session the run made is the account's, whatever the keeper was doing.
    SESSION_ADDED: {
      guard: 'isAccountEvent',
      target: '.signedIn',
      actions: assign({ session: ({ event }) => event.session }),
    },
  },
  states: {
    /** Nothing connected. */
    idle: { entry: 'tellRouter' },
    choosing: {
      always: [
        { guard: 'signsIn', target: 'checking' },
        { guard: 'hasAccount', target: 'notSigningIn' },
        { target: 'idle' },
      ],
    },
    /** An account of a chain the backend does not sign in (the legacy SIWE config on Solana). */
    notSigningIn: { entry: 'tellRouter' },
    checking: {
      invoke: {
        src: 'findSession',
        input: ({ context }) => ({ backend: context.backend, account: context.account }),
        onDone: [
          {
            guard: ({ event }) => event.output !== undefined,
            target: 'signedIn',
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: 'signedOut', actions: 'askIfRequired' },
        ],
        // The backend cannot be read: no session known, and nothing opened on its account.
        onError: { target: 'signedOut' },
      },
    },
    signedIn: {
      entry: 'tellRouter',
      on: { SIGN_OUT: 'signingOut' },
    },
    signedOut: {
      entry: 'tellRouter',
      on: { SIGN_OUT: { actions: assign({ error: undefined }) } },
    },
    signingOut: {
      invoke: {
        src: 'revoke',
        input: ({ context }) => ({ backend: context.backend, account: context.account }),
        onDone: { target: 'signedOut', actions: assign({ session: undefined }) },
        onError: {
          target: 'signedIn',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof LatchError
                ? event.error
                : new LatchError('UNKNOWN_ERROR', { cause: event.error }),
          }),
        },
      },
    },
  },
})

/** The keeper, as the flow's host methods read it. */
export type SignInServiceActor = ActorRefFrom<typeof signInServiceMachine>
