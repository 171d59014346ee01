import { fromPromise, sendTo, type ActorRefFrom } from 'xstate'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { embeddedWalletOf } from '../../auth/embedded-wallet.js'
import { route } from '../../router/routes.js'
import type { FlowRuntime } from '../flow.js'
import type { FlowPort } from '../port.js'
import { showStep } from '../show-step.js'
import { updateEmailMachine, type UpdateEmailAction } from './update-email.machine.js'
import { UPDATE_EMAIL_VIEWS } from './update-email.views.js'

/** SPEC §4 email update against the instance's secure frame, moving the modal itself. */
export function updateEmailLogic(port: FlowPort) {
  const link = async () => (await port.io.auth.runtime()).link
  return updateEmailMachine.provide({
    actors: {
      updateEmail: fromPromise<{ action: UpdateEmailAction }, { email: string }>(
        async ({ input, signal }) =>
          (await link()).ask('UPDATE_EMAIL', { email: input.email }, signal),
      ),
      verifyPrimary: fromPromise<void, { otp: string }>(async ({ input, signal }) => {
        await (await link()).ask('UPDATE_EMAIL_PRIMARY_OTP', { otp: input.otp }, signal)
      }),
      verifySecondary: fromPromise<{ newEmail: string }, { otp: string }>(
        async ({ input, signal }) =>
          (await link()).ask('UPDATE_EMAIL_SECONDARY_OTP', { otp: input.otp }, signal),
      ),
    },
    actions: {
      showStep: sendTo(
        port.modal,
        (_, { step, email }: { step: 'primary' | 'secondary'; email: string }) =>
          showStep(
            port.modal.getSnapshot(),
            step === 'primary'
              ? route('UpdateEmailPrimaryOtp', { email })
              : route('UpdateEmailSecondaryOtp', { email }),
            UPDATE_EMAIL_VIEWS,
          ),
      ),
      // The event's email, not only the stored one: a failed storage write must not leave the
      // account state showing the old address.
      finish: sendTo(port.connection, (_, email: string) => {
        const known = embeddedWalletOf(port.storage)
        return {
          type: 'EMBEDDED_WALLET_CHANGED' as const,
          connectorId: AUTH_CONNECTOR_ID,
          embeddedWallet: {
            authProvider: known?.authProvider ?? 'email',
            user: { ...known?.user, email },
          },
        }
      }),
      leave: sendTo(port.modal, { type: 'GO_BACK' }),
    },
  })
}

/** An email update's run, while one of its views is on show. */
export type UpdateEmailRefs = { readonly updateEmail?: ActorRefFrom<typeof updateEmailMachine> }

/** The email update's runtime part: a run per update, from its first view or a code view. */
export const updateEmailRuntime: FlowRuntime<UpdateEmailRefs, Record<never, never>> = ({
  port,
}) => {
  const logic = updateEmailLogic(port)
  return {
    services: {},
    start({ spawn, route: shown }) {
      const email =
        shown?.view === 'UpdateEmailPrimaryOtp' || shown?.view === 'UpdateEmailSecondaryOtp'
          ? shown.data.email
          : undefined
      const input = { storage: port.storage, ...(email !== undefined ? { email } : {}) }
      return { updateEmail: spawn(logic, { systemId: 'updateEmail', input }) }
    },
  }
}
