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
import { socialRequestSchema } from './social-request.js'
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

/** A START_FLOW request the run on show was told (REQUEST), when it is a social login's. */
function requestOf(event: SocialLoginEvent): SocialLoginStart | undefined {
  if (event.type !== 'REQUEST') return undefined
  const parsed = socialRequestSchema.safeParse(event.request)
  return parsed.success ? parsed.data : undefined
}

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
    /** GET_SOCIAL_REDIRECT_URI: the provider's URL for the popup, and the flow's binding. */
    requestUri: fromPromise<SocialRedirect, { provider: SocialProvider }>(notProvided),
    /** CONNECT_SOCIAL: resolves once the frame holds the session (the provider said yes). */
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
      const socialWindow = popupOf(context, start.popup)
      closeUnless(context.socialWindow, socialWindow)
      return {
        provider: start.provider,
        chainId: start.chainId,
        socialWindow,
        uri: undefined,
        binding: undefined,
        failure: undefined,
      }
    }),
    assignRetry: assign(({ context, event }) => {
      if (event.type !== 'RETRY') return {}
      const socialWindow = popupOf(context, 'popup' in event ? event.popup : undefined)
      closeUnless(context.socialWindow, socialWindow)
      return { socialWindow, uri: undefined, binding: undefined, failure: undefined }
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
          actions: { type: 'assignRedirect', params: ({ event }) => event.output },
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
  'idle' | 'requestingUri' | 'awaitingProvider' | 'connecting' | 'connected' | 'failed'
