// The send flow and transaction following (issue 15): framework-free, wired by the root.
export type {
  FollowTransactionRequest,
  ReplacementReason,
  TransactionOutcome,
} from '../../adapter/contract.js'
export { ERC20_TRANSFER_SELECTOR, encodeErc20Transfer } from './erc20-transfer.js'
export {
  adapterReader,
  canFollow,
  followActor,
  followResultError,
  type FollowAdapters,
  type FollowInput,
  type FollowResult,
  type TransactionReader,
  type TransactionSettledEvent,
} from './follow-transaction.js'
export {
  findSendToken,
  pageSendSchema,
  runPageSend,
  type PageSend,
  type PageSendResult,
} from './page-send.js'
export {
  pendingTransactionsMachine,
  selectPendingTransactions,
  type PendingTransaction,
  type PendingTransactionsActor,
  type PendingTransactionsEmitted,
  type PendingTransactionsEvent,
  type PendingTransactionsInput,
} from './pending-transactions.machine.js'
export {
  sendActors,
  type NameResolver,
  type SendAdapter,
  type SendAdapters,
} from './send-actors.js'
export {
  feeDisplay,
  nativeTokenOf,
  planSend,
  readSendAmount,
  SEND_NAMESPACES,
  sendProblem,
  tokenContract,
  type FeeDisplay,
  type SendAccount,
  type SendForm,
  type SendPlan,
} from './send-rules.js'
export { sendMachine, type SendActor } from './send.machine.js'
export {
  selectSendCanRetry,
  selectSendChoices,
  selectSendFee,
  selectSendMax,
  selectSendNotice,
  selectSendProblem,
  selectSendStatus,
  selectSendToken,
  type SendSnapshot,
  type SendStatus,
} from './send.selectors.js'
export type {
  AfterSend,
  SentTransfer,
  ResolvedName,
  ResolveNameInput,
  SendContext,
  SendEmitted,
  SendEvent,
  SendMachineInput,
  SendState,
} from './send.types.js'
export {
  pendingTransactionToast,
  sendFailedToast,
  transactionOutcomeToast,
} from './transaction-toasts.js'
export {
  DEFAULT_RECEIPT_TIMEOUT_MS,
  PAGE_RECEIPT_TIMEOUT_MS,
  PENDING_POLLING_INTERVAL_MS,
  PENDING_TRANSACTIONS_LIMIT,
  RECEIPT_RETRY_COUNT,
} from './transaction-timings.js'
