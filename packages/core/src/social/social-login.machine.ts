import { assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import { SOCIAL_RESULT_TIMEOUT_MS } from '../api/social.js'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import { LatchError } from '../errors/latch-error.js'
import type { SocialProvider } from '../router/routes.js'
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
  SocialLoginUser,
} from './social-login.types.js'
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

/** Closes a popup the login no longer needs, unless it is `keep` (the same named window again). */
function closeUnless(popup: SocialPopup | undefined, keep?: SocialPopup) {
  if (popup && popup !== keep && !popup.closed) popup.close()
}

/** The popup a request brought (`null`: blocked), or, when it brought none, one opened now. */
function popupOf(
  context: SocialLoginContext,
  given: SocialPopup | null | undefined,
): SocialPopup | undefined {
  const popup = given === undefined ? context.openPopup?.() : given
  return popup ?? undefined
}

/**
 * The social login (issue 12; SPEC §4 secure iframe), in the issue's words: openingPopup →
 * requestingUri → awaitingProvider → connecting → connected, or failed. The popup is opened in
 * the visitor's click, before this machine runs (`latch.connectSocial`); the frame gives the
 * provider's URL (GET_SOCIAL_REDIRECT_URI), the popup goes there, and CONNECT_SOCIAL waits while
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
    /** GET_SOCIAL_REDIRECT_URI: the provider's URL for the popup. */
    requestUri: fromPromise<string, { provider: SocialProvider }>(notProvided),
    /** CONNECT_SOCIAL: resolves once the frame holds the session (the provider said yes). */
    connectSocial: fromPromise<
      SocialLoginUser,
      { uri: string; chainId?: SocialLoginContext['chainId'] }
    >(notProvided),
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
    hasProvider: ({ context }) => context.provider !== undefined,
    isAuthConnector: ({ event }) =>
      event.type === 'CONNECTED' && event.connectorId === AUTH_CONNECTOR_ID,
  },
  actions: {
    /**
     * A new login: the popup from the click, or one opened now (within a click this works too);
     * the popup of the login before is closed, unless the window is the same (it is named).
     */
    assignStart: assign(({ context, event }) => {
      if (event.type !== 'START') return {}
      const socialWindow = popupOf(context, event.popup)
      closeUnless(context.socialWindow, socialWindow)
      return {
        provider: event.provider,
        chainId: event.chainId,
        socialWindow,
        uri: undefined,
        failure: undefined,
      }
    }),
    assignRetry: assign(({ context, event }) => {
      if (event.type !== 'RETRY') return {}
      const socialWindow = popupOf(context, event.popup)
      closeUnless(context.socialWindow, socialWindow)
      return { socialWindow, uri: undefined, failure: undefined }
    }),
    closePopup: assign(({ context }) => {
      closeUnless(context.socialWindow)
      return { socialWindow: undefined }
    }),
    assignUri: assign((_, uri: string) => ({ uri })),
    /** The popup leaves the loading page for the provider. */
    sendPopupToProvider: ({ context }) => {
      try {
        if (context.uri && !context.socialWindow?.closed)
          context.socialWindow?.location.replace(context.uri)
      } catch {
        // A popup closed meanwhile: its watcher says so.
      }
    },
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
  },
}).createMachine({
  id: 'socialLogin',
  context: ({ input }) => ({
    storage: input.storage,
    ...(input.openPopup ? { openPopup: input.openPopup } : {}),
  }),
  initial: 'idle',
  on: {
    START: { target: '.openingPopup', actions: 'assignStart' },
    RETRY: { guard: 'hasProvider', target: '.openingPopup', actions: 'assignRetry' },
    CANCEL: '.idle',
  },
  states: {
    idle: { entry: 'closePopup' },
    /** Transient: the popup came with the request, or was opened; none means it was blocked. */
    openingPopup: {
      always: [
        { guard: 'hasPopup', target: 'requestingUri' },
        { target: 'failed', actions: { type: 'failWith', params: popupBlocked } },
      ],
    },
    requestingUri: {
      invoke: {
        id: 'requestUri',
        src: 'requestUri',
        input: ({ context }) => ({ provider: context.provider! }),
        onDone: {
          target: 'awaitingProvider',
          actions: [
            { type: 'assignUri', params: ({ event }) => event.output },
            'sendPopupToProvider',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => loginFailed(event.error) },
        },
      },
    },
    /** The visitor is at the provider; the frame waits for the server's result. */
    awaitingProvider: {
      invoke: {
        id: 'connectSocial',
        src: 'connectSocial',
        input: ({ context }) => ({
          uri: context.uri!,
          ...(context.chainId !== undefined ? { chainId: context.chainId } : {}),
        }),
        onDone: {
          target: 'connecting',
          actions: [
            { type: 'recordLogin', params: ({ event }) => event.output },
            'closePopup',
            { type: 'emitLoggedIn', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => providerFailed(event.error) },
        },
      },
      after: {
        SOCIAL_RESULT_WAIT: {
          target: 'failed',
          actions: { type: 'failWith', params: resultTimedOut },
        },
      },
      initial: 'popupOpen',
      states: {
        popupOpen: {
          invoke: {
            id: 'watchPopup',
            src: 'watchPopup',
            input: ({ context }) => ({ popup: context.socialWindow! }),
          },
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
    /** The frame holds the session: the AUTH connector connects (the root reports it). */
    connecting: {
      on: {
        CONNECTED: { guard: 'isAuthConnector', target: 'connected' },
        CONNECT_FAILED: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => loginFailed(event.error) },
        },
      },
    },
    connected: { entry: 'emitConnected' },
    failed: { entry: ['closePopup', 'emitFailed'] },
  },
})

/** The machine's states, for views: which step is on show. */
export type SocialLoginStep =
  'idle' | 'requestingUri' | 'awaitingProvider' | 'connecting' | 'connected' | 'failed'
