import { assign, enqueueActions, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import * as z from 'zod/mini'
import { LatchError } from '../../errors/latch-error.js'
import { selectCurrentConnection } from '../../machines/connection.selectors.js'
import type { SIWXMessage, SIWXSession } from '../../options/sign-in.js'
import { route } from '../../router/routes.js'
import { showLoginView } from '../embedded-login.js'
import type { FlowControlEvent } from '../flow.js'
import type { FlowPort } from '../port.js'
import type { SignInBackend } from './sign-in-backend.js'
import { signInFailure, type SignInAccount } from './sign-in-rules.js'
import type { SignInServiceActor } from './sign-in.service.js'

/** What START_FLOW may carry for sign-in: `latch.signIn()` asks the wallet at once. */
const signInRequestSchema = z.optional(z.strictObject({ sign: z.literal(true) }))

/** Whether a START_FLOW request (a run's `request`, or a `REQUEST` event's) is `signIn()`'s. */
export function asksToSign(request: unknown): boolean {
  const parsed = z.safeParse(signInRequestSchema, request)
  return parsed.success && parsed.data?.sign === true
}

/** What a SIWXSignMessage run is started with. */
export interface SignInRunInput {
  readonly port: Pick<FlowPort, 'modal' | 'connection' | 'io'>
  readonly backend: SignInBackend
  readonly service: SignInServiceActor
  /** The account connected when the view showed; none: nothing to sign in. */
  readonly account: SignInAccount | undefined
  /** Ask the wallet at once (`latch.signIn()`), rather than wait for the visitor's Sign. */
  readonly signNow: boolean
  /** Started without its view (`latch.signIn()`): it shows SIWXSignMessage itself. */
  readonly showView: boolean
}

export interface SignInRunContext extends SignInRunInput {
  /** The message the backend wrote, once it has. */
  readonly message: SIWXMessage | undefined
  /** The wallet's signature, and the text it signed, once given. */
  readonly signature: WalletSignature | undefined
  /** The last attempt's failure, while `failed`. */
  readonly error: LatchError | undefined
}

/** What the wallet signed (the backend's text, or its own sign-in's) and its signature. */
export interface WalletSignature {
  readonly text: string
  readonly signature: string
}

/** Stands in for a message not written yet (the state's input is read before it is). */
const emptyMessage: SIWXMessage = {
  chainId: 'eip155:0',
  accountAddress: '',
  nonce: '',
  domain: '',
  uri: '',
  version: '',
  toString: () => '',
}

/** What the view and a host send a run, beside the control events. */
export type SignInRunEvent =
  | FlowControlEvent
  /** The visitor's Sign (and Try again). */
  | { type: 'SIGN' }
  /** The visitor's Cancel: closes, or disconnects where sign-in is required (SPEC §4). */
  | { type: 'CANCEL' }

/**
 * The SIWXSignMessage view's run (SPEC §4 "Sign-in flow"). It first looks for a session (the
 * view may show just before the keeper found one); then, on Sign, asks the backend for a message,
 * the wallet for its signature and the backend to verify and store it. Success closes the modal;
 * failure shows 'Signature declined' (or the smart-account text) with Try again; Cancel closes,
 * or disconnects the wallet where sign-in is required. Leaving the view stops the run, and with
 * it any call still waiting.
 */
export const signInRunMachine = setup({
  types: {
    input: {} as SignInRunInput,
    context: {} as SignInRunContext,
    events: {} as SignInRunEvent,
  },
  actors: {
    findSession: fromPromise<SIWXSession | undefined, SignInRunInput>(async ({ input }) => {
      const { account, backend } = input
      if (!account) return undefined
      return (await backend.config.getSessions(account.chainId, account.address))[0]
    }),
    createMessage: fromPromise<SIWXMessage, SignInRunInput>(({ input }) => {
      const { account, backend } = input
      if (!account) return Promise.reject(new LatchError('NO_ACTIVE_CAIP_ADDRESS'))
      return backend.config.createMessage({
        chainId: account.chainId,
        accountAddress: account.address,
      })
    }),
    signWithWallet: fromPromise<
      WalletSignature,
      { port: SignInRunInput['port']; message: SIWXMessage }
    >(async ({ input: { port, message }, signal }) => {
      const connection = selectCurrentConnection(port.connection.getSnapshot())
      const address = connection?.accounts[0]?.address
      if (!connection || !address) throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
      const text = message.toString()
      // The embedded wallet signs in its frame: right after its login, with no second prompt.
      if (connection.connectorId === AUTH_CONNECTOR_ID) {
        const { link } = await port.io.auth.runtime()
        return { text, signature: (await link.ask('SIGN_IN', { message: text }, signal)).signature }
      }
      const adapter = port.io.registry.get(connection.namespace)
      if (!adapter) throw new LatchError('CHAIN_ADAPTER_NOT_FOUND')
      const { connectorId } = connection
      // A wallet with a sign-in of its own (solana:signIn) writes the same text from the data.
      const own = await adapter.signIn?.({ connectorId, address, data: dataOf(message) })
      if (own) return { text: own.message, signature: own.signature }
      return { text, signature: await adapter.signMessage({ connectorId, address, message: text }) }
    }),
    addSession: fromPromise<
      SIWXSession,
      {
        backend: SignInBackend
        message: SIWXMessage | undefined
        signature: WalletSignature | undefined
      }
    >(async ({ input: { backend, message, signature } }) => {
      if (!message || !signature) throw new LatchError('SIGNATURE_DECLINED')
      const session = {
        data: dataOf(message),
        message: signature.text,
        signature: signature.signature,
      }
      await backend.config.addSession(session)
      // The session as the backend keeps it (the Latch server's carries its token).
      const { chainId, accountAddress } = session.data
      const stored = await backend.config.getSessions(chainId, accountAddress).catch(() => [])
      return stored.find((kept) => kept.message === session.message) ?? session
    }),
  },
  guards: {
    nothingToSign: ({ context }) =>
      context.account === undefined || !context.backend.supports(context.account.chainId),
    signNow: ({ context }) => context.signNow,
    /** The host's `signIn()` reached the run on show (START_FLOW told it as REQUEST). */
    hostAsksToSign: ({ event }) => event.type === 'REQUEST' && asksToSign(event.request),
    required: ({ context }) => context.backend.required(),
  },
  actions: {
    /**
     * The account has a session: the keeper and the router learn it first (so a required
     * sign-in no longer holds Close), then the modal closes.
     */
    finish: enqueueActions(({ context, enqueue }, session: SIWXSession) => {
      const { account, port, service } = context
      if (account) enqueue.sendTo(service, { type: 'SESSION_ADDED', account, session })
      enqueue.sendTo(port.modal, { type: 'FACTS_UPDATED', facts: { hasSignInSession: true } })
      enqueue.sendTo(port.modal, { type: 'CLOSE' })
    }),
    /** A step failed: SPEC §8's text for it (sign-in-rules.ts). */
    fail: assign(
      (
        { context },
        params: { step: 'message' | 'signature' | 'verification'; error: unknown },
      ) => ({
        error: signInFailure(params.error, params.step, {
          isSmartAccount: context.account?.isSmartAccount ?? false,
        }),
      }),
    ),
    /** Nothing to sign in (disconnected, or a chain that does not sign in): the modal is done. */
    nothingToDo: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo(context.port.modal, {
        type: 'FACTS_UPDATED',
        facts: { signInRequired: false },
      })
      enqueue.sendTo(context.port.modal, { type: 'CLOSE' })
    }),
    closeModal: sendTo(({ context }) => context.port.modal, { type: 'CLOSE' }),
    disconnect: sendTo(({ context }) => context.port.connection, { type: 'DISCONNECT' }),
    clearAttempt: assign({ error: undefined, message: undefined, signature: undefined }),
  },
}).createMachine({
  id: 'signingIn',
  context: ({ input }) => ({
    ...input,
    message: undefined,
    signature: undefined,
    error: undefined,
  }),
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.showView)
      enqueue.sendTo(
        context.port.modal,
        showLoginView(context.port.modal, route('SIWXSignMessage')),
      )
  }),
  initial: 'checking',
  states: {
    checking: {
      always: { guard: 'nothingToSign', target: 'done', actions: 'nothingToDo' },
      // signIn() while the run still looks for a session: it signs as soon as none is found.
      on: { REQUEST: { guard: 'hostAsksToSign', actions: assign({ signNow: true }) } },
      invoke: {
        src: 'findSession',
        input: ({ context }) => context,
        onDone: [
          {
            guard: ({ event }) => event.output !== undefined,
            target: 'signedIn',
            actions: enqueueActions(({ enqueue, event }) => {
              if (event.output) enqueue({ type: 'finish', params: event.output })
            }),
          },
          { guard: 'signNow', target: 'signing' },
          { target: 'ready' },
        ],
        // The backend could not be read: the visitor may still sign in.
        onError: [{ guard: 'signNow', target: 'signing' }, { target: 'ready' }],
      },
    },
    // A host without views has no Sign to press: its signIn() signs the run on show (a
    // connect() opens the modal, so the router shows SIWXSignMessage after it).
    ready: {
      on: {
        SIGN: 'signing',
        CANCEL: 'cancelled',
        REQUEST: { guard: 'hostAsksToSign', target: 'signing' },
      },
    },
    signing: {
      entry: 'clearAttempt',
      initial: 'preparing',
      on: { CANCEL: '#signingIn.cancelled' },
      states: {
        preparing: {
          invoke: {
            src: 'createMessage',
            input: ({ context }) => context,
            onDone: {
              target: 'awaitingWallet',
              actions: assign({ message: ({ event }) => event.output }),
            },
            onError: {
              target: '#signingIn.failed',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ step: 'message', error: event.error }),
              },
            },
          },
        },
        awaitingWallet: {
          invoke: {
            src: 'signWithWallet',
            input: ({ context }) => ({
              port: context.port,
              message: context.message ?? emptyMessage,
            }),
            onDone: {
              target: 'verifying',
              actions: assign({ signature: ({ event }) => event.output }),
            },
            onError: {
              target: '#signingIn.failed',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ step: 'signature', error: event.error }),
              },
            },
          },
        },
        verifying: {
          invoke: {
            src: 'addSession',
            input: ({ context }) => ({
              backend: context.backend,
              message: context.message,
              signature: context.signature,
            }),
            onDone: {
              target: '#signingIn.signedIn',
              actions: { type: 'finish', params: ({ event }) => event.output },
            },
            onError: {
              target: '#signingIn.failed',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ step: 'verification', error: event.error }),
              },
            },
          },
        },
      },
    },
    failed: {
      on: {
        SIGN: 'signing',
        RETRY: 'signing',
        CANCEL: 'cancelled',
        REQUEST: { guard: 'hostAsksToSign', target: 'signing' },
      },
    },
    /** The account has its session; the modal is closing. */
    signedIn: { type: 'final' },
    /** Nothing to sign in; the modal is closing. */
    done: { type: 'final' },
    cancelled: {
      entry: enqueueActions(({ enqueue, check }) =>
        enqueue(check('required') ? 'disconnect' : 'closeModal'),
      ),
      type: 'final',
    },
  },
})

/** SPEC §3's message data, without the message's `toString`. */
function dataOf(message: SIWXMessage): SIWXSession['data'] {
  const { toString: _text, ...data } = message
  return data
}

/** A SIWXSignMessage run, as views and hosts read it (`context.run.refs.signingIn`). */
export type SignInRunActor = ActorRefFrom<typeof signInRunMachine>
