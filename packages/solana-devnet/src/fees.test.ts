import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferInstruction } from '@solana-program/token'
import {
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { messageFee } from './fees.js'
import {
  COMPUTE_BUDGET_PROGRAM,
  computeUnitLimit,
  computeUnitPrice,
} from './test/compute-budget.js'
import type { DecodedMessage } from './wire.js'

async function compiled(
  instructions: Instruction[],
  version: 0 | 'legacy' = 0,
): Promise<DecodedMessage> {
  const payer = await generateKeyPairSigner()
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return compileTransactionMessage(message) as DecodedMessage
}

describe('messageFee', () => {
  // The figures a mainnet node (Agave 4.3) gave for the same messages via getFeeForMessage.
  it.each([
    ['no compute-budget instruction', [], 5000n],
    ['a limit alone', [computeUnitLimit(100_000)], 5000n],
    [
      'limit 100k at 1,000,000 µlamports',
      [computeUnitLimit(100_000), computeUnitPrice(1_000_000n)],
      105_000n,
    ],
    ['a price alone (one builtin instruction: 3,000 CU)', [computeUnitPrice(1_000_000n)], 8000n],
    [
      'limit 100k at 1 µlamport (rounded up)',
      [computeUnitLimit(100_000), computeUnitPrice(1n)],
      5001n,
    ],
  ])('%s', async (_name, instructions, fee) => {
    expect(messageFee(await compiled(instructions))).toBe(fee)
    expect(messageFee(await compiled(instructions, 'legacy'))).toBe(fee)
  })

  it('gives a non-builtin instruction 200,000 CU by default and caps at 1,400,000', async () => {
    const owner = await generateKeyPairSigner()
    const token = (await generateKeyPairSigner()).address
    const tokenTransfer = getTransferInstruction({
      source: token,
      destination: token,
      authority: owner,
      amount: 1n,
    })
    // 200,000 (token) + 3,000 (compute budget) CU at 1 lamport each; one more signer (the owner).
    expect(messageFee(await compiled([computeUnitPrice(1_000_000n), tokenTransfer]))).toBe(
      2n * 5000n + 203_000n,
    )
    const many = Array.from({ length: 8 }, () => tokenTransfer)
    expect(messageFee(await compiled([computeUnitPrice(1_000_000n), ...many]))).toBe(
      2n * 5000n + 1_400_000n,
    )
  })

  it('charges every signature', async () => {
    const other = await generateKeyPairSigner()
    const payment = getTransferSolInstruction({
      source: other,
      destination: other.address,
      amount: lamports(1n),
    })
    expect(messageFee(await compiled([payment]))).toBe(10_000n)
  })

  it('cannot price a message with a repeated or malformed compute-budget instruction', async () => {
    expect(messageFee(await compiled([computeUnitLimit(1), computeUnitLimit(2)]))).toBeNull()
    const malformed = { programAddress: COMPUTE_BUDGET_PROGRAM, data: new Uint8Array([3, 1]) }
    expect(messageFee(await compiled([malformed]))).toBeNull()
  })
})
