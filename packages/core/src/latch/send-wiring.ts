import { assign, enqueueActions } from 'xstate'
import type { Toast } from '../machines/toast.machine.js'
import type { LatchError } from '../errors/latch-error.js'
import { route } from '../router/routes.js'
import type { Network } from '../network/network.js'
import type { AfterSend, SendEvent, SentTransfer } from '../send/send.types.js'
import { runtimeOf } from './latch.setup.js'
import { latchRunSetup } from './run-wiring.js'

/*
 * What the send flow's news means for the other children (issue 15): the root's vocabulary for
 * it, on top of latch.setup.ts. The send and pending-transactions machines are spawned once the
 * runtime chunk is loaded, so their code is never in a host's start-up JS; until then every
 * action here is a no-op. The chart (latch.machine.ts) names these actions.
 */
export const latchSendSetup = latchRunSetup.extend({
  guards: {
    /** The Send view is on show: it shows a failure itself, with Retry (SPEC §8 texts). */
    sendViewShown: ({ context }) => context.flowRoute?.view === 'Send',
  },
  actions: {
    /** The runtime is loaded: the send flow's machines start, once per instance. */
    spawnSendMachines: assign(({ context, spawn }) => {
      if (context.sendForm && context.pendingTransactions) return {}
      const { send } = runtimeOf(context)
      const { pendingPollingIntervalMs } = context.io
      return {
        sendForm: spawn(send.sendLogic(context.io), { systemId: 'sendForm', input: {} }),
        pendingTransactions: spawn(send.pendingLogic(context.io.registry), {
          systemId: 'pendingTransactions',
          input: { pollingIntervalMs: pendingPollingIntervalMs },
        }),
      }
    }),
    /** One event to the send machine (the account, its balances, SHOW/HIDE, RETRY, RESET). */
    tellSendForm: enqueueActions(({ context, enqueue }, event: SendEvent) => {
      if (context.sendForm) enqueue.sendTo(context.sendForm, event)
    }),
    /**
     * SPEC §4 after a send: a native EVM send reads the balance again (the machine already reset
     * the form); an ERC-20, Solana or Bitcoin send replaces the Send view with Account, whose
     * balances are then read past the caches. With the view gone (the modal was closed during
     * the prompt), the balance is read again at once.
     */
    afterSend: enqueueActions(({ context, enqueue }, { after }: { after: AfterSend }) => {
      if (after === 'showAccount' && context.flowRoute?.view === 'Send') {
        // Past the caches, before Account shows: its own read (through them) keeps this fresh.
        if (context.balance) enqueue.sendTo(context.balance, { type: 'READ', fresh: true })
        enqueue.sendTo(context.modal, { type: 'REPLACE', route: route('Account') })
      } else enqueue.sendTo('listen', { type: 'REFRESH_BALANCE' })
    }),
    /** The transaction is followed to its end when its adapter can (SPEC §4 Transaction waiting). */
    watchSent: enqueueActions(
      ({ context, enqueue }, sent: { hash: string; network: Network; transfer: SentTransfer }) => {
        const { pendingTransactions } = context
        const { send } = runtimeOf(context)
        if (
          !pendingTransactions ||
          !send.canFollow(context.io.registry, sent.network.chainNamespace)
        )
          return
        const { hash, network, transfer } = sent
        enqueue.sendTo(pendingTransactions, { type: 'WATCH', hash, network, transfer })
      },
    ),
    toastSendFailure: enqueueActions(({ context, enqueue }, { error }: { error: LatchError }) =>
      enqueue.sendTo(context.toast, {
        type: 'SHOW',
        toast: runtimeOf(context).send.sendFailedToast(error),
      }),
    ),
    /** The pending machine's toasts; the toast machine applies the 150 ms replacement (SPEC §9). */
    showToast: enqueueActions(({ context, enqueue }, { toast }: { toast: Toast }) =>
      enqueue.sendTo(context.toast, { type: 'SHOW', toast }),
    ),
    /**
     * Nothing is connected any more (a logout, or `isConnected` false): no transaction is
     * followed, so no toast tells of an account that is gone.
     */
    clearPending: enqueueActions(({ context, enqueue }, p?: { isConnected: boolean }) => {
      if (context.pendingTransactions && !p?.isConnected)
        enqueue.sendTo(context.pendingTransactions, { type: 'CLEAR' })
    }),
  },
})
