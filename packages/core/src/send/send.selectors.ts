import type { SnapshotFrom } from 'xstate'
import type { LatchError } from '../errors/latch-error.js'
import { feeDisplay, sendProblem, type FeeDisplay } from './send-rules.js'
import { feeOf, formOf } from './send.setup.js'
import type { sendMachine } from './send.machine.js'

export type SendSnapshot = SnapshotFrom<typeof sendMachine>

/** What the Send view shows as its state (the Storybook states: estimating, sending…). */
export type SendStatus = 'resolvingName' | 'estimating' | 'ready' | 'sending'

export function selectSendStatus(snapshot: SendSnapshot): SendStatus {
  if (snapshot.matches('sending')) return 'sending'
  if (snapshot.matches({ editing: 'resolvingName' })) return 'resolvingName'
  if (snapshot.matches({ editing: 'estimating' })) return 'estimating'
  return 'ready'
}

/**
 * The form's live check, for the view to show as the visitor types: the first broken rule in
 * the SPEC's texts (see `planSend`), or the last send's error (a name not resolved, the wallet's
 * refusal); undefined when it may be sent.
 */
export function selectSendProblem(snapshot: SendSnapshot): LatchError | undefined {
  const { context } = snapshot
  return context.error ?? sendProblem(formOf(context), context.account, feeOf(context) ?? undefined)
}

/** The estimated network fee, in the native token and in USD where priced; undefined when unknown. */
export function selectSendFee(snapshot: SendSnapshot): FeeDisplay | undefined {
  const { context } = snapshot
  const fee = feeOf(context)
  if (fee === undefined || !context.account) return undefined
  return feeDisplay(fee, context.account.network, context.tokenBalances)
}
