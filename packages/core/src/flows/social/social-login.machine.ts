import { assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import { SOCIAL_RESULT_TIMEOUT_MS } from '../../api/social.js'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { LatchError } from '../../errors/latch-error.js'
import { connectingState } from '../embedded-login.js'
import type { SocialProvider } from '../../router/routes.js'
import {
  loginFailed,
  popupBlocked,
  popupClosed,
  providerFailed,
  resultTimedOut,
  type SocialFailure,
} from './social-failure.js'
import type {
  SocialLoginContext,
  SocialLoginEmitted,
  SocialLoginEvent,
  SocialLoginInput,
  SocialLoginStart,
  SocialLoginUser,
  SocialRedirect,
} from './social-login.types.js'
import type { BindPopupInput } from './social-popup-bind.js'
import { attemptOf, closeUnless, requestOf } from './social-attempt.js'
import type { SocialPopup } from './social-popup.js'

/** How often the open popup is looked at: a visitor who closes it hears back within this. */
export const SOCIAL_POPUP_POLL_MS = 500

/**
 * After the popup closes, how long the login still waits for the frame: a visitor who approves
 * at the provider and closes the popup at once must not lose the login, and the frame learns
 * the result by polling (each second), then swaps it for a session and makes the wallet.
 */
export const SOCIAL_POPUP_CLOSED_GRACE_MS = 5_000

/**
 * Issue 12's "45 s without a result": the frame gives up SOCIAL_RESULT_TIMEOUT_MS after its
 * answer to GET_SOCIAL_REDIRECT_URI and says so (its timeout text ends the flow). This wait
 * ends it even when the frame never answers; the margin leaves its last exchange (a result that
 * came just in time, swapped for a session) the time to finish.
 */
export const SOCIAL_RESULT_WAIT_MS = SOCIAL_RESULT_TIMEOUT_MS + 5_000

const notProvided = () => Promise.reject(new LatchError('FRAME_NOT_SET'))

/** The login's view is shown for the provider just assigned. */
const showView = {
  type: 'showView' as const,
  params: ({ context }: { context: SocialLoginContext }) => context.provider,
}

/** Past the wait for the frame's result, the login ends: timed out. */
const resultWait = {
  SOCIAL_RESULT_WAIT: { target: 'failed', actions: { type: 'failWith', params: resultTimedOut } },
} as const

/**
 * CONNECT_SOCIAL with the URI `uriOf` reads (the provider's, or a mini app's `result_uri`):
 * logged in, the login is recorded and the AUTH connector connects next; else it failed.
 */
function connectSocialWith(uriOf: (context: SocialLoginContext) => string) {
  return {
    id: 'connectSocial',
    src: 'connectSocial',
    input: ({ context }: { context: SocialLoginContext }) => ({
      uri: uriOf(context),
      ...(context.chainId !== undefined ? { chainId: context.chainId } : {}),
    }),
    onDone: {
      target: 'connecting',
      actions: [
        {
          type: 'recordLogin',
          params: ({ event }: { event: { output: SocialLoginUser } }) => event.output,
        },
        'closePopup',
        {
          type: 'emitLoggedIn',
          params: ({ event }: { event: { output: SocialLoginUser } }) => event.output,
        },
      ],
    },
    onError: {
      target: 'failed',
      actions: {
        type: 'failWith',
        params: ({ event }: { event: { error: unknown } }) => providerFailed(event.error),
      },
    },
  } as const
}

/**
 * The social login (issue 12; SPEC §4 secure iframe), in the issue's words: openingPopup →
 * requestingUri → awaitingProvider → connecting → connected, or failed. The popup is opened in
 * the visitor's click, before this machine runs (`latch.connectSocial`); the frame gives the
 * provider's URL and the flow's binding (GET_SOCIAL_REDIRECT_URI), the popup's page takes the
 * binding (issue 29: the flow then finishes only in this browser) and goes to the provider,
 * and CONNECT_SOCIAL waits while
 * the frame polls the Latch server for the result (never through the host page or
 * `window.opener`). Logged in, it stores SPEC §3's provider and username and emits `loggedIn`;
 * the root then connects the AUTH connector and reports how that went. The frame calls are
 * invoked actors the instance provides; leaving a state aborts its call, and leaving the flow
 * (CANCEL) closes the popup.
 */
export const socialLoginMachine = setup({
  types: {
    input: {} as SocialLoginInput,
    context: {} as SocialLoginContext,
    events: {} as SocialLoginEvent,
    emitted: {} as SocialLoginEmitted,
  },
  actors: {
    /**
     * GET_SOCIAL_REDIRECT_URI: the provider's URL for the popup, and the flow's binding. With
     * `redirect` (a mini app), the flow comes back to this page (the runtime names its URL).
     */
    requestUri: fromPromise<SocialRedirect, { provider: SocialProvider; redirect: boolean }>(
      notProvided,
    ),
    /**
     * CONNECT_SOCIAL: resolves once the frame holds the session (the provider said yes). `uri`:
     * the provider URL the frame gave, or a mini app's `result_uri`.
     */
    connectSocial: fromPromise<
      SocialLoginUser,
      { uri: string; chainId?: SocialLoginContext['chainId'] }
    >(notProvided),
    /**
     * Reports how the AUTH connector's connect ended (CONNECTED, CONNECT_FAILED): the flow's
     * runtime provides it (it listens to the connection); none by default.
     */
    awaitConnection: fromCallback<SocialLoginEvent>(() => undefined),
    /**
     * Hands the popup's page the binding, which sends it on to the provider (the flow's runtime
     * provides it: social-popup-bind.ts); none by default.
     */
    bindPopup: fromCallback<SocialLoginEvent, BindPopupInput>(() => undefined),
    /** Reports POPUP_CLOSED once the popup is closed. */
    watchPopup: fromCallback<SocialLoginEvent, { popup: SocialPopup }>(({ input, sendBack }) => {
      const timer = setInterval(() => {
        if (input.popup.closed) sendBack({ type: 'POPUP_CLOSED' })
      }, SOCIAL_POPUP_POLL_MS)
      return () => clearInterval(timer)
    }),
  },
  delays: {
    SOCIAL_RESULT_WAIT: SOCIAL_RESULT_WAIT_MS,
    POPUP_CLOSED_GRACE: SOCIAL_POPUP_CLOSED_GRACE_MS,
  },
  guards: {
    hasPopup: ({ context }) => context.socialWindow !== undefined,
    isRedirect: ({ context }) => context.redirect === true,
    isReturning: ({ context }) => context.resultUri !== undefined,
    hasProvider: ({ context }) => context.provider !== undefined,
    isAuthConnector: ({ event }) =>
      event.type === 'CONNECTED' && event.connectorId === AUTH_CONNECTOR_ID,
    hasInitial: ({ context }) => context.initial !== undefined,
    isSocialRequest: ({ event }) => requestOf(event) !== undefined,
  },
  actions: {
    /**
     * A new login: the popup from the click, or one opened now (within a click this works too);
     * the popup of the login before is closed, unless the window is the same (it is named).
     */
    assignStart: assign(({ context }, start: SocialLoginStart | undefined) => {
      if (!start) return {}
      return {
        provider: start.provider,
        chainId: start.chainId,
        ...attemptOf(context, start.popup, start.resultUri),
      }
    }),
    // A retry is a new login: a `result_uri` is good once, so it is never sent again.
    assignRetry: assign(({ context, event }) => {
      if (event.type !== 'RETRY') return {}
      return attemptOf(context, 'popup' in event ? event.popup : undefined, undefined)
    }),
    closePopup: assign(({ context }) => {
      closeUnless(context.socialWindow)
      return { socialWindow: undefined }
    }),
    assignRedirect: assign((_, redirect: SocialRedirect) => ({
      uri: redirect.uri,
      binding: redirect.binding,
    })),
    failWith: assign((_, failure: SocialFailure) => ({ failure })),
    emitFailed: emit(({ context }) => ({
      type: 'failed' as const,
      provider: context.provider!,
      failure: context.failure ?? loginFailed(undefined),
    })),
    /** SPEC §3/§4: the login is stored (the used flag, the provider, its username). */
    recordLogin: ({ context }, user: SocialLoginUser) =>
      context.storage.recordSocialLogin({
        provider: context.provider!,
        ...(user.userName ? { username: user.userName } : {}),
        ...(user.email ? { email: user.email } : {}),
      }),
    emitLoggedIn: emit(({ context }, user: SocialLoginUser) => ({
      type: 'loggedIn' as const,
      provider: context.provider!,
      ...(user.userName ? { username: user.userName } : {}),
    })),
    emitConnected: emit(({ context }) => ({
      type: 'connected' as const,
      provider: context.provider!,
    })),
    /** A mini app's login: the flow's runtime sends the whole page to the provider's URL. */
    leavePage: (_, _uri: string) => undefined,
    /** A login starting: the flow's runtime shows its view (ConnectingSocial, this provider). */
    showView: (_, _provider: SocialProvider | undefined) => undefined,
    /** The frame holds a session: the flow's runtime connects the AUTH connector. */
    connectWallet: () => undefined,
    /** The login failed: the flow's runtime tells the visitor (a toast, back to Connect). */
    reportFailure: (_, _failure: SocialFailure) => undefined,
    /** The run ends: the flow's runtime abandons an AUTH connect this login still waits for. */
    abandonConnect: () => undefined,
  },
}).createMachine({
  id: 'socialLogin',
  context: ({ input }) => ({
    storage: input.storage,
    ...(input.openPopup ? { openPopup: input.openPopup } : {}),
    ...(input.inMiniApp ? { inMiniApp: input.inMiniApp } : {}),
    ...(input.start ? { initial: input.start } : {}),
  }),
  initial: 'starting',
  on: {
    START: {
      target: '.openingPopup',
      actions: [{ type: 'assignStart', params: ({ event }) => event }, showView],
    },
    // Another click while the run is on show: the login starts again with its popup.
    REQUEST: {
      guard: 'isSocialRequest',
      target: '.openingPopup',
      actions: [{ type: 'assignStart', params: ({ event }) => requestOf(event) }, showView],
    },
    RETRY: { guard: 'hasProvider', target: '.openingPopup', actions: 'assignRetry' },
    CANCEL: '.idle',
    END: { target: '.idle', actions: 'abandonConnect' },
  },
  states: {
    /** Transient: a run started for a login begins it at once. */
    starting: {
      always: [
        {
          guard: 'hasInitial',
          target: 'openingPopup',
          actions: [{ type: 'assignStart', params: ({ context }) => context.initial }, showView],
        },
        { target: 'idle' },
      ],
    },
    idle: { entry: 'closePopup' },
    /**
     * Transient: a mini app's login comes back or leaves the page; else the popup came with the
     * request, or was opened, and none means it was blocked.
     */
    openingPopup: {
      always: [
        { guard: 'isReturning', target: 'returning' },
        { guard: 'isRedirect', target: 'requestingUri' },
        { guard: 'hasPopup', target: 'requestingUri' },
        { target: 'failed', actions: { type: 'failWith', params: popupBlocked } },
      ],
    },
    requestingUri: {
      invoke: {
        id: 'requestUri',
        src: 'requestUri',
        input: ({ context }) => ({
          provider: context.provider!,
          redirect: context.redirect === true,
        }),
        onDone: [
          {
            guard: 'isRedirect',
            target: 'leavingPage',
            actions: { type: 'assignRedirect', params: ({ event }) => event.output },
          },
          {
            target: 'awaitingProvider',
            actions: { type: 'assignRedirect', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => loginFailed(event.error) },
        },
      },
    },
    /** The visitor is at the provider; the frame waits for the server's result. */
    awaitingProvider: {
      invoke: connectSocialWith((context) => context.uri!),
      after: resultWait,
      initial: 'popupOpen',
      states: {
        popupOpen: {
          invoke: [
            {
              id: 'watchPopup',
              src: 'watchPopup',
              input: ({ context }) => ({ popup: context.socialWindow! }),
            },
            {
              id: 'bindPopup',
              src: 'bindPopup',
              input: ({ context }) => ({
                popup: context.socialWindow!,
                uri: context.uri!,
                binding: context.binding!,
              }),
            },
          ],
          on: { POPUP_CLOSED: 'popupClosed' },
        },
        /** Closed by the visitor: the frame may still bring a result the provider just gave. */
        popupClosed: {
          after: {
            POPUP_CLOSED_GRACE: {
              target: '#socialLogin.failed',
              actions: { type: 'failWith', params: popupClosed },
            },
          },
        },
      },
    },
    /**
     * A mini app's login: the page goes to the provider, and this instance with it; it comes
     * back to a new one (`returning`). A page that stays (the navigation refused) times out.
     */
    leavingPage: {
      entry: { type: 'leavePage', params: ({ context }) => context.uri! },
      after: resultWait,
    },
    /** A mini app's login came back: the frame finishes it with the page's `result_uri`. */
    returning: {
      invoke: connectSocialWith((context) => context.resultUri!),
      after: resultWait,
    },
    /** The frame holds the session: the AUTH connector connects (the root reports it). */
    connecting: connectingState(loginFailed),
    connected: { entry: 'emitConnected' },
    failed: {
      entry: [
        'closePopup',
        'emitFailed',
        {
          type: 'reportFailure',
          params: ({ context }) => context.failure ?? loginFailed(undefined),
        },
      ],
    },
  },
})

/** The machine's states, for views: which step is on show. */
export type SocialLoginStep =
  | 'idle'
  | 'requestingUri'
  | 'awaitingProvider'
  | 'leavingPage'
  | 'returning'
  | 'connecting'
  | 'connected'
  | 'failed'
