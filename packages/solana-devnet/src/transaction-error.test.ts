import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  getSolanaErrorFromTransactionError,
  isSolanaError,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import {
  describeTransactionError,
  INSTRUCTION_ERRORS,
  TRANSACTION_ERRORS,
} from './transaction-error.js'

/** The member names of a `const enum` in litesvm's typings, in declaration (numeric) order. */
function enumNames(name: string): string[] {
  const require = createRequire(import.meta.url)
  const typings = readFileSync(join(dirname(require.resolve('litesvm')), 'internal.d.ts'), 'utf8')
  const body = new RegExp(`export declare const enum ${name} \\{([^}]*)\\}`).exec(typings)?.[1]
  if (body === undefined) throw new Error(`${name} is not in litesvm's typings`)
  return [...body.matchAll(/(\w+) = (\d+)/g)].map((match, index) => {
    expect(Number(match[2])).toBe(index)
    return match[1]!
  })
}

describe('LiteSVM error tables', () => {
  it('lists TransactionErrorFieldless in litesvm order', () => {
    expect(TRANSACTION_ERRORS.map(([name]) => name)).toEqual(enumNames('TransactionErrorFieldless'))
  })

  it('lists InstructionErrorFieldless in litesvm order', () => {
    expect(INSTRUCTION_ERRORS.map(([name]) => name)).toEqual(enumNames('InstructionErrorFieldless'))
  })
})

describe('describeTransactionError', () => {
  it("words errors as the runtime's Display does", () => {
    expect(describeTransactionError({ InstructionError: [0, { Custom: 1 }] })).toBe(
      'Error processing Instruction 0: custom program error: 0x1',
    )
    expect(describeTransactionError({ InstructionError: [2, 'InvalidAccountData'] })).toBe(
      'Error processing Instruction 2: invalid account data for instruction',
    )
    expect(describeTransactionError('AlreadyProcessed')).toBe(
      'This transaction has already been processed',
    )
    expect(describeTransactionError({ InsufficientFundsForRent: { account_index: 1 } })).toBe(
      'Transaction results in an account (1) with insufficient funds for rent',
    )
    expect(describeTransactionError({ DuplicateInstruction: 3 })).toBe(
      'Transaction contains a duplicate instruction (3) that is not allowed',
    )
  })
})

describe('the JSON form', () => {
  it('is what @solana/kit turns into its typed errors', () => {
    const custom = getSolanaErrorFromTransactionError({ InstructionError: [0, { Custom: 1 }] })
    expect(isSolanaError(custom, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)
    expect(custom.context).toMatchObject({ code: 1, index: 0 })
    const replay = getSolanaErrorFromTransactionError('AlreadyProcessed')
    expect(isSolanaError(replay, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(true)
    const rent = getSolanaErrorFromTransactionError({
      InsufficientFundsForRent: { account_index: 1 },
    })
    expect(isSolanaError(rent, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)).toBe(
      true,
    )
  })
})
