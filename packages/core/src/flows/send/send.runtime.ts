import type { ActorRefFrom } from 'xstate'
import type { FlowRuntime } from '../flow.js'
import { adapterReader, followActor } from './follow-transaction.js'
import { pendingTransactionsMachine } from './pending-transactions.machine.js'
import { sendLogic } from './send-logic.js'
import { sendRunMachine } from './send.run.js'
import { sendServiceMachine } from './send.service.js'
import type { SendActor } from './send.machine.js'
import type { PendingTransactionsActor } from './pending-transactions.machine.js'

/** The Send view's run, while it is on show. */
export type SendRefs = { readonly sending?: ActorRefFrom<typeof sendRunMachine> }

/** The send flow's machines, for the instance's life. */
export type SendServices = {
  /** The Send view's form and the send itself (send.machine.ts). */
  readonly sendForm: SendActor
  /** The transactions followed until they settle, and their toasts. */
  readonly pendingTransactions: PendingTransactionsActor
  /** The keeper: what the form's and the pending machine's news mean (send.service.ts). */
  readonly sendService: ActorRefFrom<typeof sendServiceMachine>
}

/** The send flow's runtime part (issue 15): its machines now, a run per Send view on show. */
export const sendRuntime: FlowRuntime<SendRefs, SendServices> = ({ spawn, port }) => {
  const logic = sendLogic(port.io)
  const sendForm = spawn(logic, { systemId: 'sendForm', input: {} })
  const pending = pendingTransactionsMachine.provide({
    actors: { follow: followActor(adapterReader(port.io.registry)) },
  })
  // SPEC §9 pending polling is off unless the host turns it on.
  const pollingIntervalMs = port.io.pendingPollingIntervalMs
  const pendingTransactions = spawn(pending, {
    systemId: 'pendingTransactions',
    input: { pollingIntervalMs },
  })
  const sendService = spawn(sendServiceMachine, {
    systemId: 'sendService',
    input: { port, sendForm, pendingTransactions, pageLogic: logic },
  })
  return {
    services: { sendForm, pendingTransactions, sendService },
    start: (run) => ({
      sending: run.spawn(sendRunMachine, { systemId: 'sending', input: { sendForm } }),
    }),
  }
}

/** `latch.send`'s part of the runtime chunk (send-page-host.ts), loaded with the rest of it. */
export { pageSend } from './send-page-host.js'
