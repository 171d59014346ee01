import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from 'xstate'

import type { LatchError } from '../../errors/latch-error.js'

import { selectModalState, selectRoute } from '../../machines/modal.selectors.js'

import { route } from '../../router/routes.js'

import type { FlowPort } from '../port.js'

import { canFollow } from './follow-transaction.js'

import type { PendingTransactionsActor } from './pending-transactions.machine.js'

import { watchSend } from './send-listeners.js'

import type { sendMachine, SendActor } from './send.machine.js'

import type { SendServiceEvent } from './send.types.js'

import { sendFailedToast } from './transaction-toasts.js'

/** What the send flow's keeper is started with: the port, its two machines, a send's logic. */
export interface SendServiceInput {
  readonly port: Pick<FlowPort, 'connection' | 'network' | 'modal' | 'toast' | 'balance' | 'io'>
  readonly sendForm: SendActor
  readonly pendingTransactions: PendingTransactionsActor
  /** The send machine with the instance's actors: a page send's own runs it. */
  readonly pageLogic: typeof sendMachine
}

interface SendServiceContext extends SendServiceInput {
  /** The page sends under way (`latch.send`), by id: each a send machine of its own. */
  readonly pageSends: Readonly<Record<string, SendActor>>
}

export type { SendServiceEvent } from './send.types.js'

/** Whether the modal shows Send now. */
const sendShown = (modal: FlowPort['modal']) => {
  const snapshot = modal.getSnapshot()
  return selectModalState(snapshot).open && selectRoute(snapshot).view === 'Send'
}

/**
 * The send flow's keeper (issue 15), for the instance's life: the form follows the account and
 * its balances, a send that went through reads the balances again and is followed to its end,
 * the pending transactions' toasts show, and each host's page send runs a send machine of its
 * own. What the root's chart used to say of the send flow, said in the flow.
 */
export const sendServiceMachine = setup({
  types: {
    input: {} as SendServiceInput,
    context: {} as SendServiceContext,
    events: {} as SendServiceEvent,
  },
  actors: {
    watch: fromCallback<SendServiceEvent, SendServiceInput>(({ input, sendBack }) =>
      watchSend({ ...input.port, ...input }, sendBack),
    ),
  },
  actions: {
    /**
     * SPEC §4 after a send: a native EVM send reads the balance again (the machine already reset
     * the form); an ERC-20, Solana or Bitcoin send replaces the Send view with Account, whose
     * balances are then read past the caches. With the view gone (the modal was closed during
     * the prompt), the balance is read again at once.
     */
    afterSend: enqueueActions(
      ({ context, enqueue }, sent: Extract<SendServiceEvent, { type: 'send.sent' }>) => {
        const { port, pendingTransactions } = context
        enqueue.sendTo(port.balance, { type: 'READ', fresh: true })
        if (sent.after === 'showAccount' && sendShown(port.modal))
          enqueue.sendTo(port.modal, { type: 'REPLACE', route: route('Account') })
        // Followed to its end when its adapter can (SPEC §4 Transaction waiting).
        if (canFollow(port.io.registry, sent.network.chainNamespace)) {
          const { hash, network, transfer } = sent
          enqueue.sendTo(pendingTransactions, { type: 'WATCH', hash, network, transfer })
        }
      },
    ),
    /** The Send view shows a failure itself (the form is kept, with Retry); else a toast. */
    toastFailure: enqueueActions(({ context, enqueue }, { error }: { error: LatchError }) => {
      if (!sendShown(context.port.modal))
        enqueue.sendTo(context.port.toast, { type: 'SHOW', toast: sendFailedToast(error) })
    }),
    startPageSend: assign(
      ({ context, spawn }, e: Extract<SendServiceEvent, { type: 'PAGE_SEND' }>) => ({
        pageSends: {
          ...context.pageSends,
          [e.id]: spawn(context.pageLogic, { input: { account: e.account } }),
        },
      }),
    ),
    fillPageSend: enqueueActions(
      ({ context, enqueue }, e: Extract<SendServiceEvent, { type: 'PAGE_SEND_FILL' }>) => {
        const send = context.pageSends[e.id]
        if (!send) return
        enqueue.sendTo(send, { type: 'BALANCES', tokenBalances: e.tokenBalances })
        enqueue.sendTo(send, { type: 'SET_TOKEN', token: e.token })
        enqueue.sendTo(send, { type: 'SET_AMOUNT', amount: e.amount })
        enqueue.sendTo(send, { type: 'SET_RECEIVER', receiver: e.receiver })
        enqueue.sendTo(send, { type: 'SEND' })
      },
    ),
    endPageSend: enqueueActions(({ context, enqueue }, { id }: { id: string }) => {
      const send = context.pageSends[id]
      if (!send) return
      enqueue.stopChild(send)
      const { [id]: _, ...rest } = context.pageSends
      enqueue.assign({ pageSends: rest })
    }),
  },
}).createMachine({
  id: 'sendService',
  context: ({ input }) => ({ ...input, pageSends: {} }),
  invoke: { src: 'watch', input: ({ context }) => context },
  on: {
    SEND_ACCOUNT: {
      actions: enqueueActions(({ context, enqueue, event }) =>
        enqueue.sendTo(context.sendForm, { type: 'ACCOUNT', account: event.account }),
      ),
    },
    SEND_BALANCES: {
      actions: enqueueActions(({ context, enqueue, event }) =>
        enqueue.sendTo(context.sendForm, { ...event, type: 'BALANCES' }),
      ),
    },
    // SPEC §4: a switch to another namespace resets the send form.
    'network.sendFormReset': {
      actions: enqueueActions(({ context, enqueue }) =>
        enqueue.sendTo(context.sendForm, { type: 'RESET' }),
      ),
    },
    'send.sent': { actions: { type: 'afterSend', params: ({ event }) => event } },
    'send.failed': { actions: { type: 'toastFailure', params: ({ event }) => event } },
    // The toast machine applies the 150 ms replacement (SPEC §9).
    'pendingTransactions.toast': {
      actions: enqueueActions(({ context, enqueue, event }) =>
        enqueue.sendTo(context.port.toast, { type: 'SHOW', toast: event.toast }),
      ),
    },
    // A followed transaction ended: what it spent or moved shows now, past the caches.
    'pendingTransactions.settled': {
      actions: enqueueActions(({ context, enqueue }) =>
        enqueue.sendTo(context.port.balance, { type: 'READ', fresh: true }),
      ),
    },
    DISCONNECTED: {
      actions: enqueueActions(({ context, enqueue }) =>
        enqueue.sendTo(context.pendingTransactions, { type: 'CLEAR' }),
      ),
    },
    PAGE_SEND: { actions: { type: 'startPageSend', params: ({ event }) => event } },
    PAGE_SEND_FILL: { actions: { type: 'fillPageSend', params: ({ event }) => event } },
    PAGE_SEND_DONE: { actions: { type: 'endPageSend', params: ({ event }) => event } },
  },
})

export type SendServiceActor = ActorRefFrom<typeof sendServiceMachine>
