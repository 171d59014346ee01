import { enqueueActions, fromPromise, sendTo, type ActorRefFrom } from 'xstate'
import { authConnectEvent, authNetworkOf } from '../../auth/auth-connect.js'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import type { ConnectHelperResult } from '../../machines/connection.selectors.js'
import { selectModalState, selectRoute } from '../../machines/modal.selectors.js'
import { route, type SocialProvider } from '../../router/routes.js'
import {
  abandonAuthConnect,
  awaitConnection,
  leaveLoginView,
  showLoginView,
} from '../embedded-login.js'
import type { FlowRuntime } from '../flow.js'
import { nextConnection } from '../host-promises.js'
import type { FlowPort } from '../port.js'
import { endsSocialFlow, socialLoginError, type SocialFailure } from './social-failure.js'
import { socialLoginMachine } from './social-login.machine.js'
import type { SocialLoginActor } from './social-login.selectors.js'
import type { SocialLoginInput } from './social-login.types.js'
import { bindPopupLogic } from './social-popup-bind.js'
import { windowMessages } from './social-popup.js'
import { socialPopupUrl } from './social-popup-url.js'
import { socialRequestSchema } from './social-request.js'
import { pageWithoutResult, socialReturnLogic, type SocialReturn } from './social-return.js'

/** The social login (issue 12) through the instance's secure frame, moving the modal itself. */
export function socialLoginLogic(port: FlowPort) {
  const link = async () => (await port.io.auth.runtime()).link
  const { socialPopup } = port.io
  const onShow = () => {
    const modal = port.modal.getSnapshot()
    return selectModalState(modal).open && selectRoute(modal).view === 'ConnectingSocial'
  }
  return socialLoginMachine.provide({
    actors: {
      // A mini app's login comes back to this page, as it is now (without an old result).
      requestUri: fromPromise(async ({ input, signal }) => {
        const { provider, redirect } = input
        const page = socialPopup?.page
        const returnUrl = redirect && page ? pageWithoutResult(page.href()) : undefined
        const payload = { provider, ...(returnUrl ? { returnUrl } : {}) }
        return (await link()).ask('GET_SOCIAL_REDIRECT_URI', payload, signal)
      }),
      // On the EVM chain the AUTH connector will connect on, unless the start named one.
      connectSocial: fromPromise(async ({ input, signal }) => {
        const chainId = input.chainId ?? authNetworkOf(port.network.getSnapshot())?.caipNetworkId
        const payload = { uri: input.uri, ...(chainId !== undefined ? { chainId } : {}) }
        return (await link()).askForSession('CONNECT_SOCIAL', payload, signal)
      }),
      awaitConnection: awaitConnection(port.connection),
      ...(socialPopup
        ? {
            bindPopup: bindPopupLogic({
              serverUrl: socialPopup.serverUrl,
              projectId: socialPopup.projectId,
              listen: socialPopup.listen ?? windowMessages,
            }),
          }
        : {}),
    },
    actions: {
      showView: enqueueActions(({ enqueue }, provider: SocialProvider | undefined) => {
        if (provider)
          enqueue.sendTo(
            port.modal,
            showLoginView(port.modal, route('ConnectingSocial', { provider })),
          )
      }),
      // SPEC §4: the frame holds a session: the AUTH connector connects, as after an email login.
      connectWallet: sendTo(port.connection, () => authConnectEvent(port.network.getSnapshot())),
      /**
       * Issue 12: a closed popup, a refusal, a timeout end the flow: back to the view it came
       * from, the SPEC §8 text in a toast. Other failures stay on ConnectingSocial, with Retry.
       */
      reportFailure: enqueueActions(({ enqueue }, failure: SocialFailure) => {
        if (!endsSocialFlow(failure.kind) || !onShow()) return
        enqueue.sendTo(port.toast, {
          type: 'SHOW',
          toast: {
            message: failure.message,
            ...(failure.code ? { code: failure.code } : {}),
            ...(failure.values ? { values: failure.values } : {}),
            variant: 'error',
          },
        })
        enqueue.sendTo(port.modal, leaveLoginView(port.modal))
      }),
      abandonConnect: sendTo(port.connection, () => abandonAuthConnect(port.connection)),
      leavePage: (_, uri: string) => socialPopup?.page.leave(uri),
    },
  })
}

/** The login's input: the storage, and how it opens a popup when none came with a click. */
function loginInput(port: FlowPort): SocialLoginInput {
  const { socialPopup } = port.io
  if (!socialPopup) return { storage: port.storage }
  return {
    storage: port.storage,
    openPopup: () => socialPopup.open(socialPopupUrl(socialPopup.serverUrl)),
    inMiniApp: () => socialPopup.page.isMiniApp(),
  }
}

/** A social login's run, while ConnectingSocial (or the click that started it) is on show. */
export type SocialRefs = { readonly socialLogin?: ActorRefFrom<typeof socialLoginMachine> }

/** The page's check for a mini app's login coming back, for the instance's life. */
export type SocialServices = { readonly socialReturn?: ActorRefFrom<typeof socialReturnLogic> }

/**
 * The social flow's runtime part: a run per login, with the click's popup when one came; and,
 * once, the check for a mini app's login coming back (social-return.ts), whose run then takes
 * the page's `result_uri`.
 */
export const socialRuntime: FlowRuntime<SocialRefs, SocialServices> = ({ port, spawn }) => {
  const logic = socialLoginLogic(port)
  const { socialPopup } = port.io
  // The login come back, until its run starts (once: a result URI is good once).
  let returned: SocialReturn | undefined
  const services: SocialServices = socialPopup
    ? {
        socialReturn: spawn(socialReturnLogic, {
          systemId: 'socialReturn',
          input: {
            page: socialPopup.page,
            serverUrl: socialPopup.serverUrl,
            modal: port.modal,
            found: (login) => {
              returned = login
            },
          },
        }),
      }
    : {}
  return {
    services,
    start({ spawn, route: shown, request }) {
      const asked = socialRequestSchema.safeParse(request)
      const back = shown?.view === 'ConnectingSocial' && returned?.provider === shown.data.provider
      const resumed = back ? returned : undefined
      returned = undefined
      const start = asked.success
        ? asked.data
        : resumed
          ? resumed
          : shown?.view === 'ConnectingSocial'
            ? { provider: shown.data.provider }
            : undefined
      const input = { ...loginInput(port), ...(start ? { start } : {}) }
      return { socialLogin: spawn(logic, { systemId: 'socialLogin', input }) }
    },
  }
}

/**
 * `latch.connectSocial`'s promise: resolves once the AUTH connector connects; rejects with the
 * login's failure (SOCIAL_POPUP_BLOCKED, the SPEC §8 text, SOCIAL_LOGIN_FAILED) or the connect's,
 * USER_REJECTED when the modal closes first, REQUEST_ABORTED when the instance is destroyed. A
 * failed social login clears nothing (SPEC §4's clearing is the connect helper's). `login` is
 * the run the click started (START_FLOW has made it by now).
 */
export function socialConnected(
  port: Pick<FlowPort, 'connection' | 'modal'>,
  login: SocialLoginActor | undefined,
): Promise<ConnectHelperResult> {
  return nextConnection(port, async () => undefined, {
    connectorId: AUTH_CONNECTOR_ID,
    failures: (fail) => {
      // The run may have failed as it started (a blocked popup): that is its answer.
      const snapshot = login?.getSnapshot()
      const early = snapshot?.matches('failed') ? snapshot.context.failure : undefined
      if (early) queueMicrotask(() => fail(socialLoginError(early)))
      const failed = login?.on('failed', ({ failure }) => fail(socialLoginError(failure)))
      return { unsubscribe: () => failed?.unsubscribe() }
    },
  })
}
