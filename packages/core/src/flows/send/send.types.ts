import type { TokenBalance } from '../../balances/token-balance.js'
import type { Toast } from '../../machines/toast.machine.js'
import type { LatchError } from '../../errors/latch-error.js'
import type { Network } from '../../network/network.js'
import type { SendAccount, SendPlan } from './send-rules.js'

/** SPEC §3 "Send state", in the SPEC's words. */
export interface SendState {
  /** The token chosen to send; the native token has no `address`. */
  token?: TokenBalance | undefined
  /** The amount as typed, in whole tokens (SPEC §5: text that is not a number counts as zero). */
  sendTokenAmount?: string | undefined
  /** The receiver's address; a name typed here is replaced by its address once resolved. */
  receiverAddress?: string | undefined
  /** The resolved name's avatar, when the receiver was given as a name. */
  receiverProfileImageUrl?: string | undefined
  /** The name the receiver was given as (ENS or the server's names). */
  receiverProfileName?: string | undefined
  /** The native balance's USD value, as the account's balances give it. */
  networkBalanceInUSD?: string | undefined
  /** True while the send is in flight (SPEC §4: set while sending, cleared after). */
  loading: boolean
  /** The account's tokens on the active network, to choose from. */
  tokenBalances: readonly TokenBalance[]
  /** When the visitor last pressed Retry (ms since the epoch). */
  lastRetry?: number | undefined
}

/** The send machine's context: the SPEC's state plus what the flow itself needs. */
export interface SendContext extends SendState {
  /** The current account on the active network, as the root last told it. */
  account?: SendAccount | undefined
  /**
   * The estimated network fee in native base units (EVM only: elsewhere 0n). `undefined` while
   * not estimated; `null` when it could not be (the adapter has no estimate, or it failed).
   */
  fee?: bigint | null | undefined
  /** Why the last send did not happen: a broken rule, a name not resolved, or the wallet's refusal. */
  error?: LatchError | undefined
  /** SEND came while a name was being resolved: send once it is. */
  sendRequested?: boolean | undefined
  /** The send in flight, as checked when it was submitted. */
  plan?: SendPlan | undefined
}

/** A name's resolution, from the identity/profile client the root injects. */
export interface ResolvedName {
  address: string
  /** The avatar URL (untrusted: shown as an image only). */
  avatar?: string | null | undefined
}

export interface ResolveNameInput {
  name: string
  network: Network
}

/** What the send machine is created with: the account to start with, if one is connected. */
export interface SendMachineInput {
  account?: SendAccount | undefined
}

export type SendEvent =
  /** The current account or the active network changed (undefined: nothing connected). */
  | { type: 'ACCOUNT'; account: SendAccount | undefined }
  /** The account's balances on the active network were read. */
  | { type: 'BALANCES'; tokenBalances: readonly TokenBalance[]; networkBalanceInUSD?: string }
  | { type: 'SET_TOKEN'; token: TokenBalance | undefined }
  | { type: 'SET_AMOUNT'; amount: string }
  /** An address, or a name to resolve (`vitalik.eth`, `alice.latch.id`). */
  | { type: 'SET_RECEIVER'; receiver: string }
  | { type: 'SEND' }
  /** Sends again after a failure; the form was kept. */
  | { type: 'RETRY' }
  /** Empties the form (SPEC §4: also done on a switch to another namespace). */
  | { type: 'RESET' }
  /** The Send view is on show (the root tells): check the form again, estimating its fee. */
  | { type: 'SHOW' }
  /**
   * The Send view left (the root tells): an estimate or a name resolution in flight stops. A
   * send already at the wallet goes on: the wallet, not the view, decides it.
   */
  | { type: 'HIDE' }

/** A sent transfer as Activity shows it while pending: whole tokens as typed, the symbol, the receiver. */
export interface SentTransfer {
  amount: string
  symbol: string
  to: string
}

/** What happens after a send went through (SPEC §2, §4). */
export type AfterSend =
  /** A native EVM send: the balance is read again and the form reset. */
  | 'refreshBalance'
  /** An ERC-20, Solana or Bitcoin send: the view is replaced with Account. */
  | 'showAccount'

export type SendEmitted =
  | {
      type: 'sent'
      /** The transaction hash (EVM, Bitcoin) or signature (Solana). */
      hash: string
      network: Network
      kind: SendPlan['kind']
      after: AfterSend
      /** What moved, as the form said it: Activity lists it until the transaction settles. */
      transfer: SentTransfer
    }
  /** The send failed; the form is kept so Retry works. USER_REJECTED for a wallet refusal. */
  | { type: 'failed'; error: LatchError }

/** What the keeper hears (watchSend) and what the host's page sends ask. */
export type SendServiceEvent =
  | { type: 'SEND_ACCOUNT'; account: SendAccount | undefined }
  | { type: 'SEND_BALANCES'; tokenBalances: readonly TokenBalance[]; networkBalanceInUSD?: string }
  | { type: 'network.sendFormReset' }
  | {
      type: 'send.sent'
      hash: string
      network: Network
      kind: string
      after: AfterSend
      transfer: SentTransfer
    }
  | { type: 'send.failed'; error: LatchError }
  | { type: 'pendingTransactions.toast'; toast: Toast }
  | { type: 'pendingTransactions.settled' }
  /** The account is gone: nothing is followed any more, so no toast tells of it. */
  | { type: 'DISCONNECTED' }
  /** `latch.send`: a send machine of its own, spawned (`id` names it until PAGE_SEND_DONE). */
  | { type: 'PAGE_SEND'; id: string; account: SendAccount }
  /** That send filled and sent (the host listens to it by now: nothing it says is missed). */
  | {
      type: 'PAGE_SEND_FILL'
      id: string
      tokenBalances: readonly TokenBalance[]
      token: TokenBalance
      amount: string
      receiver: string
    }
  | { type: 'PAGE_SEND_DONE'; id: string }
