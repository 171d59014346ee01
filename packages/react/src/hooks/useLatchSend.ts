import {
  selectSendCanRetry,
  selectSendChoices,
  selectSendFee,
  selectSendForm,
  selectSendMax,
  selectSendNotice,
  selectSendStatus,
  selectSendToken,
  type ErrorCode,
  type ErrorValues,
  type FeeDisplay,
  type SendActor,
  type SendEvent,
  type SendSnapshot,
  type SendStatus,
  type TokenBalance,
} from '@latch/core'
import { useMemo } from 'react'
import { useLatch } from './useLatch.js'
import { useSelector, useSharedSelector } from './useSelector.js'

/*
 * Every read of core's send API (packages/core/src/send, `latch.sendForm`) is in this file, so
 * a rename in core is one change here. Views get plain data (no snapshot, no LatchError
 * instances), which keeps a keystroke's render cheap: the selection is structurally shared, and
 * a field that did not change keeps its identity.
 */

/** The root's send machine; undefined until the instance runs (the Send view is connected-only). */
export function useSendActor(): SendActor | undefined {
  return useSelector(useLatch().actor, selectSendForm)
}

/** A catalogue error as a view shows it: its code (the `error.<CODE>` text) and its values. */
export interface SendMessage {
  code: ErrorCode
  values: ErrorValues
}

/** What the Send view paints, read from one send machine snapshot. */
export interface SendView {
  status: SendStatus
  /** The tokens to choose from: the account's on the active network, and always its native coin. */
  tokenBalances: readonly TokenBalance[]
  /** The token the form sends: the chosen one, else (outside EVM) the native coin. */
  token?: TokenBalance | undefined
  amount: string
  /** What the receiver field shows: the name the visitor typed once resolved, else the text. */
  receiverText: string
  /** The resolved name's address, its name and its avatar (untrusted URL: core's image rule applies in the view). */
  receiver?: { address: string; name: string; imageUrl?: string | undefined } | undefined
  fee?: FeeDisplay | undefined
  /**
   * The message to show: core's live check once the visitor has typed or chosen something, or
   * the last send's error (a name not resolved, the wallet's refusal). Undefined on an empty form.
   */
  problem?: SendMessage | undefined
  /** The last send failed at the wallet (or the chain): the form is kept and Retry sends again. */
  canRetry: boolean
  /** True while the send is in flight (SPEC §3 `loading`). */
  loading: boolean
  /** What Max fills in: the balance, less the estimated fee for the native token; undefined when unknown. */
  max?: string | undefined
}

function selectSendView(snapshot: SendSnapshot): SendView {
  const { context } = snapshot
  const token = selectSendToken(snapshot)
  const problem = selectSendNotice(snapshot)
  const resolved =
    context.receiverProfileName && context.receiverAddress
      ? {
          address: context.receiverAddress,
          name: context.receiverProfileName,
          imageUrl: context.receiverProfileImageUrl,
        }
      : undefined
  return {
    status: selectSendStatus(snapshot),
    tokenBalances: selectSendChoices(snapshot),
    token,
    amount: context.sendTokenAmount ?? '',
    receiverText: context.receiverProfileName ?? context.receiverAddress ?? '',
    receiver: resolved,
    fee: selectSendFee(snapshot),
    problem: problem ? { code: problem.code, values: problem.values } : undefined,
    canRetry: selectSendCanRetry(snapshot),
    loading: context.loading,
    max: selectSendMax(snapshot),
  }
}

/** The Send form's state and the user's intents, for the send machine `actor`. */
export function useLatchSend(actor: SendActor) {
  const latch = useLatch()
  const view = useSharedSelector(actor, selectSendView)
  const intents = useMemo(
    () => ({
      send: (
        event: Extract<SendEvent, { type: 'SET_TOKEN' | 'SET_AMOUNT' | 'SET_RECEIVER' | 'SEND' }>,
      ) => actor.send(event),
      // The root's `sending` flow relays RETRY to the send machine.
      retry: () => latch.actor.send({ type: 'RETRY' }),
    }),
    [actor, latch],
  )
  return { view, ...intents }
}
