import { fromPromise } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import type { ConnectHelperResult } from '../machines/connection.selectors.js'
import type { Toast } from '../machines/toast.machine.js'
import { endsSocialFlow, socialLoginError, type SocialFailure } from '../social/social-failure.js'
import { socialLoginMachine } from '../social/social-login.machine.js'
import type { SocialLoginActor } from '../social/social-login.selectors.js'
import type { SocialLoginInput } from '../social/social-login.types.js'
import { socialPopupUrl } from '../social/social-popup-url.js'
import type { LatchStorage } from '../storage/latch-storage.js'
import { nextConnection } from '../flows/host-promises.js'
import type { Report } from './listeners.js'
import type { LatchChildren, LatchIo } from './root-events.js'

/*
 * The social login's part of the runtime chunk (issue 12): its machine with the instance's frame
 * calls, its listener, and the promise `latch.connectSocial` returns. None of it is in a host's
 * start-up JS: the root spawns the machine once this chunk is loaded (social-wiring.ts), and the
 * frame's own code loads with the auth chunk, on the first login.
 */

/** The social-login machine, asking the instance's secure frame (loaded on first use). */
function socialLogic(io: LatchIo) {
  const link = async () => (await io.auth.runtime()).link
  return socialLoginMachine.provide({
    actors: {
      requestUri: fromPromise(async ({ input, signal }) => {
        const { provider } = input
        return (await (await link()).ask('GET_SOCIAL_REDIRECT_URI', { provider }, signal)).uri
      }),
      connectSocial: fromPromise(async ({ input, signal }) => {
        const { uri, chainId } = input
        const payload = { uri, ...(chainId !== undefined ? { chainId } : {}) }
        return (await link()).askForSession('CONNECT_SOCIAL', payload, signal)
      }),
    },
  })
}

/** The machine's input: the instance's storage, and how it opens a popup when none came. */
function loginInput(io: LatchIo, storage: LatchStorage): SocialLoginInput {
  const { socialPopup } = io
  if (!socialPopup) return { storage }
  return { storage, openPopup: () => socialPopup.open(socialPopupUrl(socialPopup.serverUrl)) }
}

/**
 * Issue 12: a closed popup, a refusal, a timeout end the flow, their SPEC §8 text in a toast;
 * `undefined` for the failures that stay on ConnectingSocial, with Try again.
 */
function failureToast(failure: SocialFailure): Toast | undefined {
  if (!endsSocialFlow(failure.kind)) return undefined
  return {
    message: failure.message,
    ...(failure.code ? { code: failure.code } : {}),
    ...(failure.values ? { values: failure.values } : {}),
    variant: 'error',
  }
}

/** Reports what the social-login machine emits, for the root's chart to decide on. */
function watchSocial(socialLogin: SocialLoginActor, report: Report): () => void {
  const subscriptions = [
    socialLogin.on('loggedIn', ({ provider, username }) =>
      report({ type: 'social.loggedIn', provider, ...(username ? { username } : {}) }),
    ),
    socialLogin.on('connected', ({ provider }) => report({ type: 'social.connected', provider })),
    socialLogin.on('failed', ({ provider, failure }) =>
      report({ type: 'social.failed', provider, failure }),
    ),
  ]
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
}

/**
 * `latch.connectSocial`'s promise: resolves once the AUTH connector connects; rejects with the
 * login's failure (SOCIAL_POPUP_BLOCKED, the SPEC §8 text, SOCIAL_LOGIN_FAILED) or the connect's,
 * USER_REJECTED when the modal closes first, REQUEST_ABORTED when the instance is destroyed. A
 * failed social login clears nothing (SPEC §4's clearing is the connect helper's). Subscribes
 * before the login is asked for.
 */
function socialConnected(
  children: Pick<LatchChildren, 'connection' | 'modal'>,
  socialLogin: SocialLoginActor,
): Promise<ConnectHelperResult> {
  return nextConnection(children, async () => undefined, {
    connectorId: AUTH_CONNECTOR_ID,
    failures: (fail) => socialLogin.on('failed', ({ failure }) => fail(socialLoginError(failure))),
  })
}

export const socialRuntime = {
  socialLogic,
  loginInput,
  failureToast,
  popupUrl: socialPopupUrl,
  watchSocial,
  socialConnected,
}

export type SocialRuntime = typeof socialRuntime
