import { defineFlow, type HostContext } from '../flow.js'
import type { UpdateEmailRefs } from './update-email.runtime.js'
import { UPDATE_EMAIL_VIEWS } from './update-email.views.js'

/**
 * SPEC §4 email update: the new address (UpdateEmailWallet), then a code sent to the current
 * one, then one sent to the new one; the login's email is stored and the AUTH connection says
 * so. A run starts with its first view, or with a code view opened for an address (which asks
 * the frame for the update then).
 */
export const updateEmailFlow = defineFlow({
  id: 'updatingEmail',
  views: UPDATE_EMAIL_VIEWS,
  load: () => import('./update-email.runtime.js').then((m) => m.updateEmailRuntime),
  host: (context: HostContext<object, UpdateEmailRefs>) => ({
    /**
     * The email update on show: send it `SUBMIT_EMAIL` (the new address), `SUBMIT_CODE`,
     * `EDIT_EMAIL`; read it with `selectEmailUpdate`. `undefined` while none runs.
     */
    get updateEmail() {
      return context.runRefs().updateEmail
    },
  }),
  messages: [
    'view.UpdateEmailPrimaryOtp.',
    'view.UpdateEmailSecondaryOtp.',
    'view.UpdateEmailWallet.',
  ],
})
