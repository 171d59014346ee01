import { fromPromise, sendTo, type ActorRefFrom } from 'xstate'
import { authConnectEvent } from '../../auth/auth-connect.js'
import type { AuthLink } from '../../auth/auth-link.js'
import { route } from '../../router/routes.js'
import type { FlowRuntime } from '../flow.js'
import type { FlowPort } from '../port.js'
import { showStep } from '../show-step.js'
import { emailLoginMachine } from './email-login.machine.js'
import { EMAIL_VIEWS, emailRequestSchema } from './email.views.js'
import type { ConnectEmailAction } from './email-login.types.js'

/**
 * The email login's three frame calls, made from the link's one typed request; `loggedIn` runs
 * once the frame holds a session (CONNECT on a known device, or the code accepted).
 */
export function emailLoginActors(link: () => Promise<AuthLink>, loggedIn: () => Promise<void>) {
  return {
    connectEmail: fromPromise<{ action: ConnectEmailAction }, { email: string }>(
      async ({ input, signal }) => {
        const answer = await (await link()).ask('CONNECT_EMAIL', { email: input.email }, signal)
        if (answer.action === 'CONNECT') await loggedIn()
        return answer
      },
    ),
    connectDevice: fromPromise<void, { email: string }>(async ({ signal }) => {
      await (await link()).ask('CONNECT_DEVICE', undefined, signal)
    }),
    connectOtp: fromPromise<void, { email: string; otp: string }>(async ({ input, signal }) => {
      await (await link()).ask('CONNECT_OTP', { otp: input.otp }, signal)
      await loggedIn()
    }),
  }
}

/** The email login (SPEC §4) against the instance's secure frame, moving the modal itself. */
export function emailLoginLogic(port: FlowPort) {
  const link = async () => (await port.io.auth.runtime()).link
  return emailLoginMachine.provide({
    actors: emailLoginActors(link, () => loggedIn(port)),
    actions: {
      showStep: sendTo(
        port.modal,
        (_, { step, email }: { step: 'otp' | 'device'; email: string }) =>
          showStep(
            port.modal.getSnapshot(),
            step === 'otp'
              ? route('EmailVerifyOtp', { email })
              : route('EmailVerifyDevice', { email }),
            EMAIL_VIEWS,
          ),
      ),
      // SPEC §4: the frame holds a session: the AUTH connector connects, on the EVM network in force.
      connectWallet: sendTo(port.connection, () => authConnectEvent(port.network.getSnapshot())),
    },
  })
}

/** The frame holds a session: its provider is lent again, and its timeout alerts are over. */
async function loggedIn(port: FlowPort) {
  ;(await port.io.auth.runtime()).link.attach()
  port.io.auth.connected()
}

/** An email login's run, while it (or the field on Connect that started it) is on show. */
export type EmailRefs = { readonly emailLogin?: ActorRefFrom<typeof emailLoginMachine> }

/** The email flow's runtime part: a run per login, started from the field or a code view. */
export const emailRuntime: FlowRuntime<EmailRefs, Record<never, never>> = ({ port }) => {
  const logic = emailLoginLogic(port)
  return {
    services: {},
    start({ spawn, route: shown, request }) {
      const asked = emailRequestSchema.safeParse(request)
      const email = asked.success
        ? asked.data.email
        : shown && (shown.view === 'EmailVerifyOtp' || shown.view === 'EmailVerifyDevice')
          ? shown.data.email
          : undefined
      const input = { storage: port.storage, ...(email !== undefined ? { email } : {}) }
      return { emailLogin: spawn(logic, { systemId: 'emailLogin', input }) }
    },
  }
}
