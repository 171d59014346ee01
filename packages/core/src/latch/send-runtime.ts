import {
  adapterReader,
  canFollow,
  followActor,
  type FollowAdapters,
} from '../send/follow-transaction.js'
import { pendingTransactionsMachine } from '../send/pending-transactions.machine.js'
import { sendFailedToast } from '../send/transaction-toasts.js'
import { watchSend } from './send-listeners.js'
import { sendLogic } from './send-logic.js'
import { pageSend } from './send-page.js'

/*
 * The send flow's part of the runtime chunk (issue 15): the send and pending-transactions
 * machines with the instance's actors, their listeners, and `latch.send`. None of it is in a
 * host's start-up JS: the root spawns the machines once this chunk is loaded (send-wiring.ts).
 */

export const sendRuntime = {
  sendLogic,
  /** The pending-transactions machine, following through the instance's adapters. */
  pendingLogic: (adapters: FollowAdapters) =>
    pendingTransactionsMachine.provide({
      actors: { follow: followActor(adapterReader(adapters)) },
    }),
  canFollow,
  sendFailedToast,
  watchSend,
  pageSend,
}

export type SendRuntime = typeof sendRuntime
