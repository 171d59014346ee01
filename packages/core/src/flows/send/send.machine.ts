import { assign, emit, not, type ActorRefFrom } from 'xstate'
import { toLatchError } from '../../errors/rpc-error.js'
import { estimateRequestOf, nameToResolve, sendSetup } from './send.setup.js'

/**
 * The send flow (SPEC §3 Send state, §4 Sending, §5): the form, its live checks, the fee
 * estimate, a name receiver's resolution, and the send itself. It reaches no adapter and no
 * view: its actors are provided by the root (see send-actors.ts), and it **emits** `sent` (with
 * what the root should do next: refresh the balance, or show Account) and `failed`.
 *
 * - `editing` re-checks after every change: a name is resolved (`resolvingName`), an EVM fee is
 *   estimated (`estimating`), then the form waits in `ready`. Each change restarts the check and
 *   stops the actor in flight, so a late answer for an old value never lands.
 * - `sending` sets `loading`; it estimates the fee first when it is not known yet (a native send
 *   must fit in the balance less the fee), checks every rule again, then asks the wallet.
 * - A failure (the wallet's refusal becomes USER_REJECTED) keeps the form, so RETRY sends again.
 * - ACCOUNT in another namespace resets the form (SPEC §4); RESET does so on demand.
 */
export const sendMachine = sendSetup.createMachine({
  id: 'send',
  context: ({ input }) => ({ loading: false, tokenBalances: [], account: input?.account }),
  initial: 'editing',
  on: {
    ACCOUNT: [
      // The root may tell the same account again: nothing changes, nothing in flight stops.
      { guard: not('isNewAccount') },
      {
        guard: 'isOtherNamespace',
        target: '.editing',
        actions: ['resetForm', 'assignAccount', 'stopLoading'],
      },
      // The same namespace on another network: keep the form, check it again there.
      { target: '.editing', actions: ['assignAccount', 'stopLoading'] },
    ],
    BALANCES: { actions: 'assignBalances' },
  },
  states: {
    editing: {
      initial: 'checking',
      on: {
        SET_TOKEN: { target: '.checking', actions: 'assignToken' },
        SET_AMOUNT: { target: '.checking', actions: 'assignAmount' },
        SET_RECEIVER: { target: '.checking', actions: 'assignReceiver' },
        RESET: { target: '.checking', actions: 'resetForm' },
        SHOW: '.checking',
        HIDE: '.hidden',
        SEND: { target: '#send.sending' },
        RETRY: { target: '#send.sending', actions: 'assignRetry' },
      },
      states: {
        checking: {
          always: [
            { guard: 'hasNameToResolve', target: 'resolvingName' },
            {
              guard: 'isSendRequested',
              target: '#send.sending',
              actions: assign({ sendRequested: false }),
            },
            { guard: 'needsFee', target: 'estimating' },
            { target: 'ready' },
          ],
        },
        resolvingName: {
          // Sending needs the address: send once the name is resolved.
          on: {
            SEND: { actions: 'requestSend' },
            RETRY: { actions: ['requestSend', 'assignRetry'] },
          },
          invoke: {
            src: 'resolveName',
            input: ({ context }) => ({
              name: nameToResolve(context) ?? '',
              network: context.account!.network,
            }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'checking',
                actions: assign(({ context, event }) => ({
                  receiverAddress: event.output!.address,
                  receiverProfileName: nameToResolve(context),
                  receiverProfileImageUrl: event.output!.avatar ?? undefined,
                })),
              },
              { target: 'ready', actions: ['nameNotResolved', 'failRequestedSend'] },
            ],
            onError: { target: 'ready', actions: ['nameNotResolved', 'failRequestedSend'] },
          },
        },
        // A failed estimate leaves no fee to show; a send is then checked against the whole balance.
        estimating: {
          invoke: {
            src: 'estimateFee',
            input: ({ context }) => estimateRequestOf(context),
            onDone: { target: 'ready', actions: assign({ fee: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: 'forgetFee' },
          },
        },
        ready: {},
        /** The view left: nothing is estimated or resolved until it shows again or the form changes. */
        hidden: {},
      },
    },
    sending: {
      entry: 'startLoading',
      exit: 'stopLoading',
      initial: 'checking',
      on: { RESET: { target: 'editing', actions: 'resetForm' } },
      states: {
        checking: {
          always: [
            { guard: 'needsFee', target: 'estimating' },
            { guard: 'canSend', target: 'submitting', actions: 'assignPlan' },
            { target: '#send.editing.ready', actions: ['assignProblem', 'emitFailed'] },
          ],
        },
        estimating: {
          invoke: {
            src: 'estimateFee',
            input: ({ context }) => estimateRequestOf(context),
            onDone: { target: 'checking', actions: assign({ fee: ({ event }) => event.output }) },
            onError: { target: 'checking', actions: 'forgetFee' },
          },
        },
        submitting: {
          invoke: {
            src: 'sendTransaction',
            input: ({ context }) => context.plan!.request,
            onDone: {
              target: '#send.editing',
              actions: [
                emit(({ context, event }) => {
                  const plan = context.plan!
                  const nativeEvm = plan.namespace === 'eip155' && plan.kind === 'native'
                  return {
                    type: 'sent' as const,
                    hash: event.output,
                    network: plan.request.network,
                    kind: plan.kind,
                    after: nativeEvm ? ('refreshBalance' as const) : ('showAccount' as const),
                    transfer: {
                      amount: context.sendTokenAmount ?? '0',
                      symbol: context.token?.symbol ?? plan.request.network.nativeCurrency.symbol,
                      to: context.receiverAddress ?? '',
                    },
                  }
                }),
                'resetForm',
              ],
            },
            // The form is kept: the visitor may press Retry (SPEC §8: 4001 → USER_REJECTED).
            onError: {
              target: '#send.editing.ready',
              actions: [assign({ error: ({ event }) => toLatchError(event.error) }), 'emitFailed'],
            },
          },
        },
      },
    },
  },
})

/** The send machine as spawned by an instance (`latch.sendForm`). */
export type SendActor = ActorRefFrom<typeof sendMachine>
