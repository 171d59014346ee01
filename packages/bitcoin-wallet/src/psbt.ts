/**
 * PSBT signing with bitcoinjs-lib 7: which inputs a request may sign is checked before anyone is
 * asked (each input exists and spends from the signing key's script), and the signatures are
 * made only once the request is approved. Signed inputs are left unfinalized, as Xverse leaves
 * them (another party may still have to sign); broadcasting finalizes the whole transaction.
 */
import { Psbt, Transaction } from 'bitcoinjs-lib'
import { equalBytes } from './bitcoin.js'
import { invalidParams } from './errors.js'
import type { WalletKey } from './keys.js'

/** The Bitcoin Wallet Standard's `BitcoinSigHashFlag` names, with their sighash bytes. */
export const SIGHASH_FLAGS = {
  ALL: Transaction.SIGHASH_ALL,
  NONE: Transaction.SIGHASH_NONE,
  SINGLE: Transaction.SIGHASH_SINGLE,
  'ALL|ANYONECANPAY': Transaction.SIGHASH_ALL | Transaction.SIGHASH_ANYONECANPAY,
  'NONE|ANYONECANPAY': Transaction.SIGHASH_NONE | Transaction.SIGHASH_ANYONECANPAY,
  'SINGLE|ANYONECANPAY': Transaction.SIGHASH_SINGLE | Transaction.SIGHASH_ANYONECANPAY,
} as const

export type SigHashFlag = keyof typeof SIGHASH_FLAGS

const SIGHASH_BYTES: readonly number[] = Object.values(SIGHASH_FLAGS)

/** What a request asks one key to sign. */
export interface InputSigning {
  readonly key: WalletKey
  readonly address: string
  readonly indexes: readonly number[]
  /** A sighash byte; the input's own (or the default: ALL, Taproot's DEFAULT) when absent. */
  readonly sighash?: number
}

/** One input to sign, checked. */
interface PlannedSignature {
  readonly index: number
  readonly key: WalletKey
  readonly sighash?: number
}

/** A decoded PSBT and the signatures a request will add to it. */
export interface SigningPlan {
  readonly psbt: Psbt
  readonly signatures: readonly PlannedSignature[]
}

export function decodePsbt(data: string | Uint8Array): Psbt {
  try {
    return typeof data === 'string' ? Psbt.fromBase64(data) : Psbt.fromBuffer(data)
  } catch (error) {
    throw invalidParams(`psbt is not a valid PSBT (${(error as Error).message})`)
  }
}

/** The script of the output an input spends, from its witnessUtxo or its whole previous tx. */
function prevoutScript(psbt: Psbt, index: number): Uint8Array | undefined {
  const input = psbt.data.inputs[index]!
  if (input.witnessUtxo) return input.witnessUtxo.script
  if (!input.nonWitnessUtxo) return undefined
  const previous = Transaction.fromBuffer(input.nonWitnessUtxo)
  return previous.outs[psbt.txInputs[index]!.index]?.script
}

/**
 * Checks a request against the PSBT, before the user is asked: every index is an input, no input
 * is asked twice, and each spends from the address that is to sign it.
 */
export function planSigning(psbt: Psbt, signings: readonly InputSigning[]): SigningPlan {
  const signatures: PlannedSignature[] = []
  const seen = new Set<number>()
  for (const { key, address, indexes, sighash } of signings) {
    if (sighash !== undefined && !SIGHASH_BYTES.includes(sighash)) {
      throw invalidParams(`sighash ${sighash} is not a standard sighash type`)
    }
    for (const index of indexes) {
      if (!Number.isInteger(index) || index < 0 || index >= psbt.inputCount) {
        throw invalidParams(`input ${index} does not exist: the PSBT has ${psbt.inputCount}`)
      }
      if (seen.has(index)) throw invalidParams(`input ${index} is asked to be signed twice`)
      seen.add(index)
      const script = prevoutScript(psbt, index)
      if (!script) {
        throw invalidParams(`input ${index} has no witnessUtxo: what it spends is unknown`)
      }
      if (!equalBytes(script, key.script)) {
        throw invalidParams(`input ${index} does not spend from ${address}`)
      }
      const own = psbt.data.inputs[index]!.sighashType
      if (sighash !== undefined && own !== undefined && own !== sighash) {
        throw invalidParams(`input ${index} asks for sighash ${own}, not ${sighash}`)
      }
      signatures.push({ index, key, ...(sighash !== undefined && { sighash }) })
    }
  }
  return { psbt, signatures }
}

/** Adds the planned signatures (after approval). Filling what a wallet may: tapInternalKey. */
export function sign({ psbt, signatures }: SigningPlan): Psbt {
  for (const { index, key, sighash } of signatures) {
    const input = psbt.data.inputs[index]!
    if (key.addressType === 'p2tr' && !input.tapInternalKey) {
      psbt.updateInput(index, { tapInternalKey: key.publicKey })
    }
    if (sighash !== undefined && input.sighashType === undefined) {
      psbt.updateInput(index, { sighashType: sighash })
    }
    const own = psbt.data.inputs[index]!.sighashType
    try {
      psbt.signInput(index, key.signer, own === undefined ? undefined : [own])
    } catch (error) {
      throw invalidParams(`input ${index} cannot be signed: ${(error as Error).message}`)
    }
  }
  return psbt
}

/**
 * Finalizes every input and extracts the raw transaction, to broadcast. Fails, naming the input,
 * when any is not fully signed: a partial transaction cannot be sent.
 */
export function finalizeTransaction(psbt: Psbt): Transaction {
  for (let index = 0; index < psbt.inputCount; index++) {
    const input = psbt.data.inputs[index]!
    if (input.finalScriptWitness || input.finalScriptSig) continue
    try {
      psbt.finalizeInput(index)
    } catch (error) {
      throw invalidParams(
        `cannot broadcast: input ${index} is not signed (${(error as Error).message})`,
      )
    }
  }
  try {
    return psbt.extractTransaction()
  } catch (error) {
    throw invalidParams(`cannot broadcast: ${(error as Error).message}`)
  }
}
