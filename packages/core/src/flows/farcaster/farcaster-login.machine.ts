import { assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import { FARCASTER_CHANNEL_TTL_SECONDS } from '../../api/farcaster.js'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { LatchError } from '../../errors/latch-error.js'
import { connectingState } from '../embedded-login.js'
import { channelExpired, farcasterFailed, type FarcasterFailure } from './farcaster-failure.js'
import type {
  FarcasterLoginContext,
  FarcasterLoginEmitted,
  FarcasterLoginEvent,
  FarcasterLoginInput,
  FarcasterLoginUser,
} from './farcaster-login.types.js'

/**
 * How long the QR code may wait for the Farcaster app: the channel's life on the server, and a
 * margin for the frame's last exchange (an approval that came just in time, swapped for a
 * session). The frame says so itself when the channel expires ('Session Expired'); this wait
 * ends the sign-in even when the frame never answers.
 */
export const FARCASTER_RESULT_WAIT_MS = FARCASTER_CHANNEL_TTL_SECONDS * 1_000 + 5_000

const notProvided = () => Promise.reject(new LatchError('FRAME_NOT_SET'))

/** A new attempt: a new channel, nothing of the last one kept. */
const fresh = { farcasterUrl: undefined, failure: undefined }

/**
 * Sign in with Farcaster (issue 12; SPEC §4 secure iframe), in the issue's words: requestingUri
 * → awaitingApproval (the QR code of the sign-in link shows) → connecting → connected, or
 * failed. The frame starts a channel on the Latch server (GET_FARCASTER_URI) and waits for the
 * Farcaster app's approval (CONNECT_FARCASTER) while the channel lives; the server checks the
 * signed message and the fid's custody. Signed in, it stores SPEC §3's provider ('farcaster')
 * and username and emits `loggedIn`; the root then connects the AUTH connector and reports how
 * that went. Every failure stays here with Try again: a new channel, a new QR code. The frame
 * calls are invoked actors the instance provides; leaving a state aborts its call.
 */
export const farcasterLoginMachine = setup({
  types: {
    input: {} as FarcasterLoginInput,
    context: {} as FarcasterLoginContext,
    events: {} as FarcasterLoginEvent,
    emitted: {} as FarcasterLoginEmitted,
  },
  actors: {
    /** GET_FARCASTER_URI: a new channel's sign-in link. */
    requestUri: fromPromise<string>(notProvided),
    /** CONNECT_FARCASTER: resolves once the frame holds the session (the app approved). */
    connectFarcaster: fromPromise<FarcasterLoginUser>(notProvided),
    /**
     * Reports how the AUTH connector's connect ended (CONNECTED, CONNECT_FAILED): the flow's
     * runtime provides it (it listens to the connection); none by default.
     */
    awaitConnection: fromCallback<FarcasterLoginEvent>(() => undefined),
  },
  delays: { FARCASTER_RESULT_WAIT: FARCASTER_RESULT_WAIT_MS },
  guards: {
    isAuthConnector: ({ event }) =>
      event.type === 'CONNECTED' && event.connectorId === AUTH_CONNECTOR_ID,
    startsAtOnce: ({ context }) => context.autoStart,
  },
  actions: {
    reset: assign(fresh),
    assignUrl: assign((_, farcasterUrl: string) => ({ farcasterUrl })),
    failWith: assign((_, failure: FarcasterFailure) => ({ failure })),
    emitFailed: emit(({ context }) => ({
      type: 'failed' as const,
      failure: context.failure ?? farcasterFailed(undefined),
    })),
    /** SPEC §3/§4: the login is stored (the used flag, the provider, its username). */
    recordLogin: ({ context }, user: FarcasterLoginUser) =>
      context.storage.recordSocialLogin({
        provider: 'farcaster',
        ...(user.userName ? { username: user.userName } : {}),
      }),
    emitLoggedIn: emit((_, user: FarcasterLoginUser) => ({
      type: 'loggedIn' as const,
      ...(user.userName ? { username: user.userName } : {}),
    })),
    emitConnected: emit({ type: 'connected' as const }),
    /** A sign-in starting: the flow's runtime shows its view (ConnectingFarcaster). */
    showView: () => undefined,
    /** The frame holds a session: the flow's runtime connects the AUTH connector. */
    connectWallet: () => undefined,
    /** The run ends: the flow's runtime abandons an AUTH connect this sign-in still waits for. */
    abandonConnect: () => undefined,
  },
}).createMachine({
  id: 'farcasterLogin',
  context: ({ input }) => ({ storage: input.storage, autoStart: input.autoStart === true }),
  initial: 'starting',
  on: {
    START: { target: '.requestingUri', actions: ['reset', 'showView'] },
    CANCEL: { target: '.idle', actions: 'reset' },
    END: { target: '.idle', actions: ['reset', 'abandonConnect'] },
  },
  states: {
    /** Transient: a run begins its sign-in at once. */
    starting: {
      always: [
        { guard: 'startsAtOnce', target: 'requestingUri', actions: 'showView' },
        { target: 'idle' },
      ],
    },
    idle: {},
    requestingUri: {
      invoke: {
        id: 'requestUri',
        src: 'requestUri',
        onDone: {
          target: 'awaitingApproval',
          actions: { type: 'assignUrl', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => farcasterFailed(event.error) },
        },
      },
    },
    /** The QR code shows; the frame waits for the Farcaster app's approval. */
    awaitingApproval: {
      on: { RETRY: { target: 'requestingUri', actions: 'reset' } },
      invoke: {
        id: 'connectFarcaster',
        src: 'connectFarcaster',
        onDone: {
          target: 'connecting',
          actions: [
            { type: 'recordLogin', params: ({ event }) => event.output },
            { type: 'emitLoggedIn', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => farcasterFailed(event.error) },
        },
      },
      after: {
        FARCASTER_RESULT_WAIT: {
          target: 'failed',
          actions: { type: 'failWith', params: channelExpired },
        },
      },
    },
    /** The frame holds the session: the AUTH connector connects (the root reports it). */
    connecting: connectingState(farcasterFailed),
    connected: { entry: 'emitConnected' },
    failed: {
      entry: 'emitFailed',
      on: { RETRY: { target: 'requestingUri', actions: 'reset' } },
    },
  },
})

/** The machine's states, for views: which step is on show. */
export type FarcasterLoginStep =
  'idle' | 'requestingUri' | 'awaitingApproval' | 'connecting' | 'connected' | 'failed'
