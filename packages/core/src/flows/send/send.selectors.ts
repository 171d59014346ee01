import type { SnapshotFrom } from 'xstate'
import type { TokenBalance } from '../../balances/token-balance.js'
import type { ErrorCode } from '../../errors/catalogue.js'
import type { LatchError } from '../../errors/latch-error.js'
import { formatAmount } from '../../identifiers/amount.js'
import { findSendToken } from './page-send.js'
import {
  feeDisplay,
  readSendAmount,
  sendProblem,
  tokenContract,
  type FeeDisplay,
} from './send-rules.js'
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

/**
 * The message the form shows: none on an untouched form, none while a typed name is looked up
 * (the address rule would only say a name is not an address), else {@link selectSendProblem}.
 */
export function selectSendNotice(snapshot: SendSnapshot): LatchError | undefined {
  const { context } = snapshot
  const touched =
    context.token !== undefined ||
    Boolean(context.sendTokenAmount) ||
    Boolean(context.receiverAddress) ||
    context.error !== undefined
  if (!touched || selectSendStatus(snapshot) === 'resolvingName') return undefined
  return selectSendProblem(snapshot)
}

/** The estimated network fee, in the native token and in USD where priced; undefined when unknown. */
export function selectSendFee(snapshot: SendSnapshot): FeeDisplay | undefined {
  const { context } = snapshot
  const fee = feeOf(context)
  if (fee === undefined || !context.account) return undefined
  return feeDisplay(fee, context.account.network, context.tokenBalances)
}

/**
 * The errors the form's own rules raise (`planSend`, `sendProblem`, a name that did not resolve):
 * the visitor fixes these in the form. Any other error of a send came from the wallet or the
 * chain, and Retry is offered for it.
 */
const FORM_RULE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'UNSUPPORTED_CHAIN',
  'SEND_TOKEN_REQUIRED',
  'SEND_AMOUNT_AND_RECEIVER_REQUIRED',
  'INVALID_CAIP_ADDRESS',
  'ADDRESS_ON_OTHER_NETWORK',
  'CHAIN_NOT_SUPPORTED',
  'SEND_TOKEN_NOT_SUPPORTED',
  'SEND_INSUFFICIENT_BALANCE',
  'NO_ACTIVE_CAIP_ADDRESS',
  'NAME_RESOLUTION_FAILED',
])

/** The last send failed at the wallet or the chain: the form is kept and Retry sends again. */
export function selectSendCanRetry(snapshot: SendSnapshot): boolean {
  const { error } = snapshot.context
  return error !== undefined && !FORM_RULE_CODES.has(error.code)
}

/**
 * The network's native coin: the balances' entry, else its stand-in with the balance unknown (as
 * `latch.send` picks it), so the coin can be sent when no token list was read (no server, a
 * wallet without asset discovery).
 */
function nativeCoin(snapshot: SendSnapshot): TokenBalance | undefined {
  const { account, tokenBalances } = snapshot.context
  return account ? findSendToken(tokenBalances, account.network, undefined) : undefined
}

/** The token the form sends: the chosen one, else outside EVM the native coin (SPEC §5: EVM asks). */
export function selectSendToken(snapshot: SendSnapshot): TokenBalance | undefined {
  const { token, account } = snapshot.context
  if (token || !account || account.network.chainNamespace === 'eip155') return token
  return nativeCoin(snapshot)
}

/** The tokens to choose from: the account's on the active network, led by the native coin. */
export function selectSendChoices(snapshot: SendSnapshot): readonly TokenBalance[] {
  const { tokenBalances } = snapshot.context
  const native = nativeCoin(snapshot)
  return !native || tokenBalances.includes(native) ? tokenBalances : [native, ...tokenBalances]
}

/**
 * Max: the held amount of the form's token, less the estimated fee when it is the native coin
 * (the rule `planSend` checks). Before an EVM fee is estimated the whole balance is offered; the
 * estimate then says whether the fee still fits. Undefined when the balance is unknown.
 */
export function selectSendMax(snapshot: SendSnapshot): string | undefined {
  const token = selectSendToken(snapshot)
  const network = snapshot.context.account?.network
  if (!token || !network || token.quantity.numeric === '') return undefined
  const decimals = Number(token.quantity.decimals)
  if (!Number.isInteger(decimals)) return undefined
  const held = readSendAmount(token.quantity.numeric, decimals)
  const { fee } = snapshot.context
  const native = tokenContract(token) === undefined
  const cost = native && network.chainNamespace === 'eip155' && typeof fee === 'bigint' ? fee : 0n
  return formatAmount(held > cost ? held - cost : 0n, decimals)
}
