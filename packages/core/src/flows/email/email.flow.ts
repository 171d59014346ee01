import { defineFlow, type HostContext } from '../flow.js'
import type { EmailRefs } from './email.runtime.js'
import { EMAIL_VIEWS } from './email.views.js'

/**
 * Email login (SPEC §4): the secure frame sends a code (after approving a new device, when it
 * asks), the visitor enters it, and the embedded wallet connects as the AUTH connector. A run
 * starts from the email field on Connect (`startEmailLogin`), or when a code view is opened
 * for an address (`latch.open({ route: route('EmailVerifyOtp', { email }) })`), which sends
 * the code then. Its views replace one another, so Back leaves the login.
 */
export const emailFlow = defineFlow({
  id: 'connectingEmail',
  views: EMAIL_VIEWS,
  load: () => import('./email.runtime.js').then((m) => m.emailRuntime),
  host: (context: HostContext<object, EmailRefs>) => ({
    /**
     * The email login on show (its step, its failure, the resend time): send it `SUBMIT_CODE`,
     * `RESEND`, `EDIT_EMAIL`; read it with `selectEmailLogin`. `undefined` while none runs.
     */
    get emailLogin() {
      return context.runRefs().emailLogin
    },
  }),
  messages: ['view.ConnectingEmail.', 'view.EmailVerifyDevice.', 'view.EmailVerifyOtp.'],
})
