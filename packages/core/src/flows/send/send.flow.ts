import { LatchError } from '../../errors/latch-error.js'
import { defineFlow, type HostContext } from '../flow.js'
import type { PageSend } from './page-send.js'
import type { SendServices } from './send.runtime.js'

/**
 * Send (issue 15; SPEC §3 Send state, §4 Sending): the form, its live checks, the fee estimate,
 * a name receiver's resolution, the send itself, and the transaction followed to its end. The
 * form lives as long as the instance (SPEC §4 resets it on a switch to another namespace); the
 * Send view's run checks it again while on show. `latch.send` sends without any view.
 */
export const sendFlow = defineFlow({
  id: 'sending',
  views: ['Send'],
  load: () => import('./send.runtime.js').then((m) => m.sendRuntime),
  host: (context: HostContext<Partial<SendServices>>) => ({
    /**
     * The Send view's machine (issue 15): send it `SET_TOKEN`, `SET_AMOUNT`, `SET_RECEIVER`,
     * `SEND`; read it with `selectSendStatus`, `selectSendProblem`, `selectSendFee`. The instance
     * feeds it the account and balances and checks it while the `Send` route is on show. Its
     * code is in the runtime chunk: `undefined` until the instance runs (`ready()`); reactive
     * reads use `selectSendForm(latch.actor.getSnapshot())`.
     */
    get sendForm() {
      return context.services().sendForm
    },
    /**
     * The transactions followed until they settle (Activity's pending rows,
     * `selectPendingTransactions`), with their toasts. `undefined` until the instance runs.
     */
    get pendingTransactions() {
      return context.services().pendingTransactions
    },
    /**
     * Issue 15 page helper: sends `amount` (whole tokens, as text) of `token` (an EVM contract
     * address; omitted: the native coin) to `to` (an address, or a name resolved first) from the
     * current account, checked by the send form's rules, without any view. Its receipt is
     * followed with the page integration's 25 s wait (SPEC §9). Resolves with the hash (or
     * signature); rejects with the catalogue's error (the SPEC §5 texts, USER_REJECTED, a
     * revert's reason).
     */
    async send(request: PageSend): Promise<string> {
      // Before the instance first runs nothing can be connected: as with no account.
      const port = context.port()
      if (!port) throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
      const { pageSend } = await import('./send.runtime.js')
      return pageSend(port, context.services(), request)
    },
  }),
  messages: ['view.Send.'],
})
