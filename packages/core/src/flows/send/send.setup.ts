import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate'
import type { TransactionRequest } from '../../adapter/contract.js'
import { LatchError } from '../../errors/latch-error.js'
import { isAddressForNamespace } from '../../identifiers/address.js'
import {
  nativeTokenOf,
  planSend,
  sendProblem,
  type SendAccount,
  type SendForm,
  type SendPlan,
} from './send-rules.js'
import type {
  ResolvedName,
  ResolveNameInput,
  SendContext,
  SendEmitted,
  SendEvent,
  SendMachineInput,
} from './send.types.js'

/** A receiver that reads as a name (`vitalik.eth`, `alice.latch.id`) rather than an address. */
const NAME = /^[\p{L}\p{N}_-]+(\.[\p{L}\p{N}_-]+)+$/u

/** The form as the rules read it: outside EVM, no token chosen means the native coin. */
export function formOf(context: SendContext): SendForm {
  const network = context.account?.network
  const token =
    context.token ??
    (network && network.chainNamespace !== 'eip155'
      ? nativeTokenOf(context.tokenBalances, network)
      : undefined)
  return {
    token,
    sendTokenAmount: context.sendTokenAmount,
    receiverAddress: context.receiverAddress,
  }
}

/** SPEC §5: gas is estimated for EVM only; elsewhere the fee is zero. */
export function feeOf(context: SendContext): bigint | undefined {
  if (context.account && context.account.network.chainNamespace !== 'eip155') return 0n
  return context.fee ?? undefined
}

/** The receiver is a name still to resolve: name-shaped, not an address of the namespace. */
export function nameToResolve(context: SendContext): string | undefined {
  const receiver = context.receiverAddress?.trim()
  const namespace = context.account?.network.chainNamespace
  if (!receiver || !namespace || context.receiverProfileName === receiver) return undefined
  return NAME.test(receiver) && !isAddressForNamespace(namespace, receiver) ? receiver : undefined
}

/** The plan with the fee known so far; undefined when a rule is broken. */
export function planOf(context: SendContext): SendPlan | undefined {
  if (!context.account || sendProblem(formOf(context), context.account, feeOf(context))) return
  return planSend(formOf(context), context.account, feeOf(context))
}

function sameAccount(a: SendAccount | undefined, b: SendAccount | undefined): boolean {
  return (
    a?.connectorId === b?.connectorId &&
    a?.address === b?.address &&
    a?.network.caipNetworkId === b?.network.caipNetworkId
  )
}

/** What a change to the form makes stale: the fee, the last error, a send waiting for a name. */
const staleChecks = { fee: undefined, error: undefined, sendRequested: undefined }

const emptyForm = {
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  fee: undefined,
  error: undefined,
  plan: undefined,
  sendRequested: undefined,
} satisfies Partial<SendContext>

/** The send machine's vocabulary; its chart is send.machine.ts. */
export const sendSetup = setup({
  types: {
    context: {} as SendContext,
    events: {} as SendEvent,
    emitted: {} as SendEmitted,
    input: {} as SendMachineInput | undefined,
  },
  actors: {
    /** The adapter's fee estimate (`estimateFee`); null when it has none. The root provides it. */
    estimateFee: fromPromise<bigint | null, TransactionRequest>(async () => null),
    /** The adapter's `sendTransaction`; resolves with the hash or signature. */
    sendTransaction: fromPromise<string, TransactionRequest>(async () => {
      throw new LatchError('CHAIN_ADAPTER_NOT_FOUND')
    }),
    /** Resolves a name to an address and avatar (null: no such name). Injected by the root. */
    resolveName: fromPromise<ResolvedName | null, ResolveNameInput>(async () => null),
  },
  guards: {
    hasNameToResolve: ({ context }) => nameToResolve(context) !== undefined,
    /** EVM with an otherwise valid form and no fee yet: estimate before showing or sending. */
    needsFee: ({ context }) =>
      context.account?.network.chainNamespace === 'eip155' &&
      context.fee === undefined &&
      !sendProblem(formOf(context), context.account),
    canSend: ({ context }) => planOf(context) !== undefined,
    isSendRequested: ({ context }) => context.sendRequested === true,
    /** Another account or network than the one the form is for (the root may repeat itself). */
    isNewAccount: ({ context, event }) =>
      event.type === 'ACCOUNT' && !sameAccount(event.account, context.account),
    /** The new account is in another namespace than the form was filled for (SPEC §4). */
    isOtherNamespace: ({ context, event }) =>
      event.type === 'ACCOUNT' &&
      event.account?.network.chainNamespace !== context.account?.network.chainNamespace,
  },
  actions: {
    resetForm: assign(emptyForm),
    assignAccount: assign(({ event }) =>
      event.type === 'ACCOUNT' ? { account: event.account, fee: undefined } : {},
    ),
    assignBalances: assign(({ event }) =>
      event.type === 'BALANCES'
        ? { tokenBalances: event.tokenBalances, networkBalanceInUSD: event.networkBalanceInUSD }
        : {},
    ),
    // Any change to the form makes the old fee and the old error stale.
    assignToken: assign(({ event }) =>
      event.type === 'SET_TOKEN' ? { token: event.token, ...staleChecks } : {},
    ),
    assignAmount: assign(({ event }) =>
      event.type === 'SET_AMOUNT' ? { sendTokenAmount: event.amount, ...staleChecks } : {},
    ),
    assignReceiver: assign(({ event }) =>
      event.type === 'SET_RECEIVER'
        ? {
            receiverAddress: event.receiver,
            receiverProfileName: undefined,
            receiverProfileImageUrl: undefined,
            ...staleChecks,
          }
        : {},
    ),
    // A name that did not resolve stays the reason, rather than the address rule it then breaks.
    assignProblem: assign(({ context }) => ({
      error:
        context.error?.code === 'NAME_RESOLUTION_FAILED'
          ? context.error
          : sendProblem(formOf(context), context.account, feeOf(context)),
    })),
    requestSend: assign({ sendRequested: true }),
    /** The name a requested send waited for did not resolve: that send fails. */
    failRequestedSend: enqueueActions(({ context, enqueue }) => {
      if (!context.sendRequested) return
      enqueue.assign({ sendRequested: false })
      enqueue.emit({
        type: 'failed',
        error: context.error ?? new LatchError('NAME_RESOLUTION_FAILED'),
      })
    }),
    emitFailed: emit(({ context }) => ({
      type: 'failed' as const,
      error: context.error ?? new LatchError('UNKNOWN_ERROR'),
    })),
    nameNotResolved: assign({ error: () => new LatchError('NAME_RESOLUTION_FAILED') }),
    assignPlan: assign(({ context }) => ({ plan: planOf(context) })),
    /** No estimate (the adapter failed): no fee to show. */
    forgetFee: assign({ fee: null }),
    assignRetry: assign({ lastRetry: () => Date.now() }),
    startLoading: assign({ loading: true }),
    stopLoading: assign({ loading: false }),
  },
})

/** The request a fee is estimated for: the plan before any fee (`needsFee` checked it passes). */
export function estimateRequestOf(context: SendContext): TransactionRequest {
  if (!context.account) throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
  return planSend(formOf(context), context.account).request
}
