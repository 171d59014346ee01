import { assign, enqueueActions } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import { route } from '../router/routes.js'
import type { SocialProvider } from '../router/routes.js'
import type { SocialFailure } from '../social/social-failure.js'
import type { SocialLoginEvent } from '../social/social-login.types.js'
import type { SocialPopup } from '../social/social-popup.js'
import { authConnectEvent, authNetworkOf } from '../auth/auth-connect.js'
import type { LatchRootContext } from './root-events.js'
import { runtimeOf } from './latch.setup.js'
import { latchSendSetup } from './send-wiring.js'

/*
 * What the social login's news means for the other children (issue 12): the root's vocabulary
 * for it, on top of send-wiring.ts. The social-login machine is spawned once the runtime chunk
 * is loaded, so its code is never in a host's start-up JS; until then every action here that
 * talks to it is a no-op. The chart (latch.machine.ts) names these actions: the ConnectingSocial
 * route starts the flow (route-flows.ts), leaving it stops it.
 */

/**
 * A login with `provider`: with the popup a click opened (absent: the machine opens one), on the
 * EVM chain the AUTH connector will connect on.
 */
function startEvent(
  context: LatchRootContext,
  provider: SocialProvider,
  popup: SocialPopup | null | undefined,
): SocialLoginEvent {
  const chainId = authNetworkOf(context.network.getSnapshot())?.caipNetworkId
  return {
    type: 'START',
    provider,
    ...(popup !== undefined ? { popup } : {}),
    ...(chainId ? { chainId } : {}),
  }
}

export const latchSocialSetup = latchSendSetup.extend({
  actions: {
    /** The runtime is loaded: the social login's machine starts, once per instance. */
    spawnSocialLogin: assign(({ context, spawn }) => {
      if (context.socialLogin) return {}
      const { io } = context
      const { social, storage } = runtimeOf(context)
      return {
        socialLogin: spawn(social.socialLogic(io), {
          systemId: 'socialLogin',
          input: social.loginInput(io, storage),
        }),
      }
    }),
    /** One event to the social-login machine (CONNECTED, CONNECT_FAILED, RETRY). */
    tellSocialLogin: enqueueActions(({ context, enqueue }, event: SocialLoginEvent) => {
      if (context.socialLogin) enqueue.sendTo(context.socialLogin, event)
    }),
    /**
     * The visitor chose a provider, the popup already open. With ConnectingSocial on show, its
     * flow starts again at once with this popup (a Retry's fresh click, another provider);
     * otherwise the popup waits in SPEC §3's `socialWindow` for the flow the view starts.
     */
    chooseSocial: enqueueActions(
      (
        { context, enqueue },
        { provider, popup }: { provider: SocialProvider; popup: SocialPopup | null },
      ) => {
        const next = route('ConnectingSocial', { provider })
        if (context.flowRoute?.view !== 'ConnectingSocial' || !context.socialLogin) {
          enqueue.assign({ socialWindow: popup })
          enqueue.sendTo(context.modal, { type: 'PUSH', route: next })
          return
        }
        if (context.flowRoute.data.provider !== provider)
          enqueue.sendTo(context.modal, { type: 'REPLACE', route: next })
        enqueue.sendTo(context.socialLogin, startEvent(context, provider, popup))
      },
    ),
    /** ConnectingSocial is shown: its login starts, with the popup a click opened, if any. */
    startSocialLogin: enqueueActions(({ context, enqueue }) => {
      const { flowRoute, socialLogin, socialWindow } = context
      if (flowRoute?.view !== 'ConnectingSocial' || !socialLogin) return
      enqueue.sendTo(socialLogin, startEvent(context, flowRoute.data.provider, socialWindow))
      enqueue.assign({ socialWindow: undefined })
    }),
    /**
     * ConnectingSocial was left (Back, the modal closed): the login stops and its popup closes;
     * an AUTH connect it started, still pending, is abandoned too.
     */
    stopSocialLogin: enqueueActions(({ context, enqueue }) => {
      if (context.socialLogin) enqueue.sendTo(context.socialLogin, { type: 'CANCEL' })
      if (context.connection.getSnapshot().context.pending?.connector.id === AUTH_CONNECTOR_ID)
        enqueue.sendTo(context.connection, { type: 'CANCEL', connectorId: AUTH_CONNECTOR_ID })
    }),
    /** SPEC §4: the frame holds a session: the AUTH connector connects, as after an email login. */
    connectAuthConnector: enqueueActions(({ context, enqueue }) =>
      enqueue.sendTo(context.connection, authConnectEvent(context.network.getSnapshot())),
    ),
    /**
     * Issue 12: a closed popup, a refusal, a timeout end the flow: back to Connect (the view it
     * came from), the SPEC §8 text in a toast. Other failures stay on ConnectingSocial, whose
     * Retry starts again from a fresh click.
     */
    afterSocialFailure: enqueueActions(
      ({ context, enqueue }, { failure }: { failure: SocialFailure }) => {
        const toast = runtimeOf(context).social.failureToast(failure)
        if (!toast || context.flowRoute?.view !== 'ConnectingSocial') return
        enqueue.sendTo(context.toast, { type: 'SHOW', toast })
        const history = context.modal.getSnapshot().context.history
        enqueue.sendTo(
          context.modal,
          history.length > 1 ? { type: 'GO_BACK' } : { type: 'RESET', route: route('Connect') },
        )
      },
    ),
  },
})
