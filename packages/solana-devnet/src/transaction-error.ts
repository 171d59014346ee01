/**
 * LiteSVM's transaction errors in the RPC's JSON form (`UiTransactionError`, what
 * `getSolanaErrorFromTransactionError` in @solana/kit reads) and in the words of the runtime's
 * `Display`, which the RPC puts in messages such as "Transaction simulation failed: …".
 */
import type { FailedTransactionMetadata } from 'litesvm'

/** An instruction error as the RPC writes it: a variant name, or `{ Custom: n }`. */
export type UiInstructionError = string | { Custom: number }

/** A transaction error as the RPC writes it (serde's externally tagged enum). */
export type UiTransactionError =
  | string
  | { InstructionError: [number, UiInstructionError] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } }

type LiteSvmTransactionError = ReturnType<FailedTransactionMetadata['err']>

/**
 * LiteSVM 1.5's `TransactionErrorFieldless`, in its numeric order (the napi binding exposes the
 * numbers only). Each name pairs with solana-transaction-error's `Display` text.
 * `transaction-error.test.ts` checks this order against litesvm's own typings.
 */
export const TRANSACTION_ERRORS: readonly (readonly [name: string, message: string])[] = [
  ['AccountInUse', 'Account in use'],
  ['AccountLoadedTwice', 'Account loaded twice'],
  ['AccountNotFound', 'Attempt to debit an account but found no record of a prior credit.'],
  ['ProgramAccountNotFound', 'Attempt to load a program that does not exist'],
  ['InsufficientFundsForFee', 'Insufficient funds for fee'],
  ['InvalidAccountForFee', 'This account may not be used to pay transaction fees'],
  ['AlreadyProcessed', 'This transaction has already been processed'],
  ['BlockhashNotFound', 'Blockhash not found'],
  ['CallChainTooDeep', 'Loader call chain is too deep'],
  ['MissingSignatureForFee', 'Transaction requires a fee but has no signature present'],
  ['InvalidAccountIndex', 'Transaction contains an invalid account reference'],
  ['SignatureFailure', 'Transaction did not pass signature verification'],
  ['InvalidProgramForExecution', 'This program may not be used for executing instructions'],
  ['SanitizeFailure', 'Transaction failed to sanitize accounts offsets correctly'],
  ['ClusterMaintenance', 'Transactions are currently disabled due to cluster maintenance'],
  [
    'AccountBorrowOutstanding',
    'Transaction processing left an account with an outstanding borrowed reference',
  ],
  ['WouldExceedMaxBlockCostLimit', 'Transaction would exceed max Block Cost Limit'],
  ['UnsupportedVersion', 'Transaction version is unsupported'],
  ['InvalidWritableAccount', 'Transaction loads a writable account that cannot be written'],
  ['WouldExceedMaxAccountCostLimit', 'Transaction would exceed max account limit within the block'],
  [
    'WouldExceedAccountDataBlockLimit',
    'Transaction would exceed account data limit within the block',
  ],
  ['TooManyAccountLocks', 'Transaction locked too many accounts'],
  ['AddressLookupTableNotFound', "Transaction loads an address table account that doesn't exist"],
  [
    'InvalidAddressLookupTableOwner',
    'Transaction loads an address table account with an invalid owner',
  ],
  ['InvalidAddressLookupTableData', 'Transaction loads an address table account with invalid data'],
  ['InvalidAddressLookupTableIndex', 'Transaction address table lookup uses an invalid index'],
  [
    'InvalidRentPayingAccount',
    'Transaction leaves an account with a lower balance than rent-exempt minimum',
  ],
  ['WouldExceedMaxVoteCostLimit', 'Transaction would exceed max Vote Cost Limit'],
  ['WouldExceedAccountDataTotalLimit', 'Transaction would exceed total account data limit'],
  ['MaxLoadedAccountsDataSizeExceeded', 'Transaction exceeded max loaded accounts data size cap'],
  ['ResanitizationNeeded', 'ResanitizationNeeded'],
  [
    'InvalidLoadedAccountsDataSizeLimit',
    'LoadedAccountsDataSizeLimit set for transaction must be greater than 0.',
  ],
  ['UnbalancedTransaction', 'Sum of account balances before and after transaction do not match'],
  ['ProgramCacheHitMaxLimit', 'Program cache hit max limit'],
  ['CommitCancelled', 'CommitCancelled'],
]

/** LiteSVM 1.5's `InstructionErrorFieldless`, in order, with solana-instruction-error's text. */
export const INSTRUCTION_ERRORS: readonly (readonly [name: string, message: string])[] = [
  ['GenericError', 'generic instruction error'],
  ['InvalidArgument', 'invalid program argument'],
  ['InvalidInstructionData', 'invalid instruction data'],
  ['InvalidAccountData', 'invalid account data for instruction'],
  ['AccountDataTooSmall', 'account data too small for instruction'],
  ['InsufficientFunds', 'insufficient funds for instruction'],
  ['IncorrectProgramId', 'incorrect program id for instruction'],
  ['MissingRequiredSignature', 'missing required signature for instruction'],
  ['AccountAlreadyInitialized', 'instruction requires an uninitialized account'],
  ['UninitializedAccount', 'instruction requires an initialized account'],
  ['UnbalancedInstruction', 'sum of account balances before and after instruction do not match'],
  ['ModifiedProgramId', 'instruction illegally modified the program id of an account'],
  [
    'ExternalAccountLamportSpend',
    'instruction spent from the balance of an account it does not own',
  ],
  ['ExternalAccountDataModified', 'instruction modified data of an account it does not own'],
  ['ReadonlyLamportChange', 'instruction changed the balance of a read-only account'],
  ['ReadonlyDataModified', 'instruction modified data of a read-only account'],
  ['DuplicateAccountIndex', 'instruction contains duplicate accounts'],
  ['ExecutableModified', 'instruction changed executable bit of an account'],
  ['RentEpochModified', 'instruction modified rent epoch of an account'],
  ['NotEnoughAccountKeys', 'insufficient account keys for instruction'],
  [
    'AccountDataSizeChanged',
    "program other than the account's owner changed the size of the account data",
  ],
  ['AccountNotExecutable', 'instruction expected an executable account'],
  [
    'AccountBorrowFailed',
    'instruction tries to borrow reference for an account which is already borrowed',
  ],
  ['AccountBorrowOutstanding', 'instruction left account with an outstanding borrowed reference'],
  ['DuplicateAccountOutOfSync', 'instruction modifications of multiply-passed account differ'],
  ['InvalidError', 'program returned invalid error code'],
  ['ExecutableDataModified', 'instruction changed executable accounts data'],
  ['ExecutableLamportChange', 'instruction changed the balance of an executable account'],
  ['ExecutableAccountNotRentExempt', 'executable accounts must be rent exempt'],
  ['UnsupportedProgramId', 'Unsupported program id'],
  ['CallDepth', 'Cross-program invocation call depth too deep'],
  ['MissingAccount', 'An account required by the instruction is missing'],
  ['ReentrancyNotAllowed', 'Cross-program invocation reentrancy not allowed for this instruction'],
  ['MaxSeedLengthExceeded', 'Length of the seed is too long for address generation'],
  ['InvalidSeeds', 'Provided seeds do not result in a valid address'],
  ['InvalidRealloc', 'Failed to reallocate account data'],
  ['ComputationalBudgetExceeded', 'Computational budget exceeded'],
  ['PrivilegeEscalation', 'Cross-program invocation with unauthorized signer or writable account'],
  ['ProgramEnvironmentSetupFailure', 'Failed to create program execution environment'],
  ['ProgramFailedToComplete', 'Program failed to complete'],
  ['ProgramFailedToCompile', 'Program failed to compile'],
  ['Immutable', 'Account is immutable'],
  ['IncorrectAuthority', 'Incorrect authority provided'],
  ['AccountNotRentExempt', 'An account does not have enough lamports to be rent-exempt'],
  ['InvalidAccountOwner', 'Invalid account owner'],
  ['ArithmeticOverflow', 'Program arithmetic overflowed'],
  ['UnsupportedSysvar', 'Unsupported sysvar'],
  ['IllegalOwner', 'Provided owner is not allowed'],
  [
    'MaxAccountsDataAllocationsExceeded',
    'Accounts data allocations exceeded the maximum allowed per transaction',
  ],
  ['MaxAccountsExceeded', 'Max accounts exceeded'],
  ['MaxInstructionTraceLengthExceeded', 'Max instruction trace length exceeded'],
  ['BuiltinProgramsMustConsumeComputeUnits', 'Builtin programs must consume compute units'],
  ['BorshIoError', 'Failed to serialize or deserialize account data'],
]

const transactionMessages = new Map(TRANSACTION_ERRORS)
const instructionMessages = new Map(INSTRUCTION_ERRORS)

/** Solana's current JSON form of `BorshIoError` is fieldless; LiteSVM may still carry a text. */
const BORSH_IO_ERROR = 'BorshIoError'

function fromInstructionError(error: unknown): UiInstructionError {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error]?.[0] ?? 'InvalidError'
  if (typeof error === 'object' && error !== null) {
    if ('code' in error && typeof error.code === 'number') return { Custom: error.code }
    if ('msg' in error) return BORSH_IO_ERROR
  }
  return 'InvalidError'
}

/** Converts the error of a LiteSVM `FailedTransactionMetadata` to the RPC's JSON form. */
export function toUiTransactionError(error: LiteSvmTransactionError): UiTransactionError {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error]?.[0] ?? 'SanitizeFailure'
  // napi classes keep their Rust names; the enum payload is all the RPC needs from them.
  switch (error.constructor.name) {
    case 'TransactionErrorInstructionError': {
      const { index, err } = error as { index: number; err(): unknown }
      return { InstructionError: [index, fromInstructionError(err.call(error))] }
    }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: (error as { index: number }).index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: accountIndexOf(error) } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: accountIndexOf(error) } }
    default:
      throw new Error(`Unknown LiteSVM transaction error: ${String(error)}`)
  }
}

function accountIndexOf(error: object): number {
  return (error as { accountIndex: number }).accountIndex
}

function describeInstructionError(error: UiInstructionError): string {
  if (typeof error === 'object') return `custom program error: 0x${error.Custom.toString(16)}`
  return instructionMessages.get(error) ?? error
}

/** The runtime's `Display` of an error, e.g. "Error processing Instruction 0: custom program error: 0x1". */
export function describeTransactionError(error: UiTransactionError): string {
  if (typeof error === 'string') return transactionMessages.get(error) ?? error
  if ('InstructionError' in error) {
    const [index, cause] = error.InstructionError
    return `Error processing Instruction ${index}: ${describeInstructionError(cause)}`
  }
  if ('DuplicateInstruction' in error) {
    return `Transaction contains a duplicate instruction (${error.DuplicateInstruction}) that is not allowed`
  }
  if ('InsufficientFundsForRent' in error) {
    return `Transaction results in an account (${error.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  }
  return `Execution of the program referenced by account at index ${error.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`
}

/**
 * Whether the runtime charged the fee for a transaction that failed this way: it did if the
 * transaction was loaded and ran (an instruction failed), not if it was rejected before loading.
 */
export function chargesFee(error: UiTransactionError | null): boolean {
  return (
    error === null ||
    (typeof error === 'object' &&
      ('InstructionError' in error || 'InsufficientFundsForRent' in error))
  )
}
