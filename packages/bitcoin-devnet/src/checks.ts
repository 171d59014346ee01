/**
 * What bitcoind checks of a transaction before looking at the chain: that the hex decodes
 * (DecodeHexTx), consensus' CheckTransaction, and the standardness policy the devnet enforces
 * (IsStandardTx: version, size, output types, dust). Names and texts are bitcoind's.
 */
import { Transaction } from 'bitcoinjs-lib'
import { fromHex, MAX_MONEY, txidOf } from './bitcoin.js'
import { RPC_ERROR, rejected, TxRejection } from './rejection.js'
import { isWitnessProgram, scriptPubKeyType } from './script.js'

/** Consensus' block weight limit, which bounds a transaction too. */
const MAX_BLOCK_WEIGHT = 4_000_000
/** Policy's MAX_STANDARD_TX_WEIGHT. */
const MAX_STANDARD_TX_WEIGHT = 400_000
/** Policy's MAX_OP_RETURN_RELAY before Core 30: 80 bytes of data plus the opcodes. */
const MAX_OP_RETURN_RELAY = 83
/** Policy's DUST_RELAY_TX_FEE: 3 sat/vB. */
const DUST_RELAY_FEE_RATE = 3n

const DECODE_FAILED = 'TX decode failed. Make sure the tx has at least one input.'

/**
 * Decodes a raw transaction as `sendrawtransaction` does: hex, then the consensus encoding, with
 * nothing left over.
 * @throws TxRejection -22 'TX decode failed…' for anything else.
 */
export function decodeTransaction(hex: string): Transaction {
  const bytes = fromHex(hex)
  if (bytes === undefined || bytes.length === 0) {
    throw new TxRejection(RPC_ERROR.deserialization, DECODE_FAILED)
  }
  try {
    return Transaction.fromBuffer(bytes)
  } catch {
    throw new TxRejection(RPC_ERROR.deserialization, DECODE_FAILED)
  }
}

/**
 * Bitcoind's dust threshold of an output: what spending it costs at 3 sat/vB, counting the output
 * itself and a typical input (68 vB for a witness program, 148 B otherwise). OP_RETURN is exempt.
 */
export function dustThreshold(script: Uint8Array): bigint {
  if (script[0] === 0x6a) return 0n
  const outputSize = 8 + 1 + script.length
  const inputSize = isWitnessProgram(script) ? 32 + 4 + 1 + Math.floor(107 / 4) + 4 : 148
  return BigInt(outputSize + inputSize) * DUST_RELAY_FEE_RATE
}

/**
 * Consensus checks that need no chain (CheckTransaction), in bitcoind's order.
 * @throws TxRejection -26 with the reject reason.
 */
export function checkTransaction(tx: Transaction): void {
  if (tx.ins.length === 0) throw rejected('bad-txns-vin-empty')
  if (tx.outs.length === 0) throw rejected('bad-txns-vout-empty')
  if (tx.byteLength(false) * 4 > MAX_BLOCK_WEIGHT) throw rejected('bad-txns-oversize')
  let total = 0n
  for (const output of tx.outs) {
    if (output.value < 0n) throw rejected('bad-txns-vout-negative')
    if (output.value > MAX_MONEY) throw rejected('bad-txns-vout-toolarge')
    total += output.value
    if (total > MAX_MONEY) throw rejected('bad-txns-txouttotal-toolarge')
  }
  const seen = new Set<string>()
  for (const input of tx.ins) {
    const key = `${txidOf(input.hash)}:${input.index}`
    if (seen.has(key)) throw rejected('bad-txns-inputs-duplicate')
    seen.add(key)
  }
  // A coinbase only comes in a block; sendrawtransaction refuses one outright.
  if (tx.isCoinbase()) throw rejected('coinbase')
  for (const input of tx.ins) {
    if (Transaction.isCoinbaseHash(input.hash) && input.index === 0xffffffff) {
      throw rejected('bad-txns-prevout-null')
    }
  }
}

/**
 * The standardness rules (IsStandardTx) a node applies before relaying: versions 1 to 3, at most
 * 400,000 weight units, known output types, one small OP_RETURN, no dust.
 * @throws TxRejection -26 with the reject reason.
 */
export function checkStandard(tx: Transaction): void {
  if (tx.version < 1 || tx.version > 3) throw rejected('version')
  if (tx.weight() > MAX_STANDARD_TX_WEIGHT) throw rejected('tx-size')
  let opReturns = 0
  for (const output of tx.outs) {
    const type = scriptPubKeyType(output.script)
    if (type === 'op_return') {
      if (output.script.length > MAX_OP_RETURN_RELAY) throw rejected('scriptpubkey')
      opReturns++
      continue
    }
    // A future witness version (v2-v16) is standard to send to; an arbitrary script is not.
    if ((type === 'unknown' && !isWitnessProgram(output.script)) || type === 'empty') {
      throw rejected('scriptpubkey')
    }
  }
  if (opReturns > 1) throw rejected('multi-op-return')
  if (tx.outs.some((output) => output.value < dustThreshold(output.script))) throw rejected('dust')
}
