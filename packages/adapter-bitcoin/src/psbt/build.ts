import * as ecc from '@bitcoinerlab/secp256k1'
import { LatchError } from '@latch/core'
import { initEccLib, payments, Psbt, type Transaction } from 'bitcoinjs-lib'
import type { BitcoinAccountAddress } from '../connectors/types.js'
import { fromHex, toHex } from '../encoding.js'
import type { Utxo } from '../esplora.js'
import type { AddressFamily } from '../chains.js'
import {
  BITCOINJS_NETWORKS,
  dustLimit,
  INPUT_VBYTES,
  OVERHEAD_VBYTES,
  outputScript,
  outputVbytes,
  spendKind,
} from './scripts.js'
import { selectCoins } from './select.js'

/** bitcoinjs-lib recognises Taproot inputs only with an elliptic-curve library (pure JS, noble). */
function ready(): void {
  initEccLib(ecc)
}

export interface TransferRequest {
  readonly family: AddressFamily
  readonly from: BitcoinAccountAddress
  readonly to: string
  /** Sats. */
  readonly value: bigint
  readonly coins: readonly Utxo[]
  /** sat/vB. */
  readonly feeRate: number
}

export interface BuiltTransfer {
  /** The unsigned PSBT, base64. */
  readonly psbt: string
  /** The inputs the sender signs: all of them. */
  readonly inputs: readonly number[]
  readonly fee: bigint
}

/**
 * The output script paying `value` sats to `to`, checked: an address of the network whose
 * checksum holds, and an amount above the dust threshold.
 * @throws LatchError INVALID_CAIP_ADDRESS or INVALID_AMOUNT.
 */
export function paymentScript(to: string, value: bigint, family: AddressFamily): Uint8Array {
  const script = outputScript(to, family)
  if (value < dustLimit(script)) {
    throw new LatchError('INVALID_AMOUNT', {
      values: { value: String(value) },
      cause: new Error(`${value} sats is dust: the least is ${dustLimit(script)}`),
    })
  }
  return script
}

/**
 * The unsigned PSBT of a payment from `from`'s coins (P2WPKH, Taproot key path or nested
 * P2WPKH) to `to`, with change back to `from` unless dust. Each input carries its witnessUtxo
 * (and its tapInternalKey or redeemScript, from the wallet's public key), so any wallet can sign.
 * @throws LatchError INVALID_CAIP_ADDRESS for an address that does not decode for the network,
 *   INVALID_AMOUNT for a dust payment or too little money, RPC_METHOD_NOT_ALLOWED for a sender
 *   address type the adapter cannot spend (legacy P2PKH needs whole previous transactions).
 */
export function buildTransfer(request: TransferRequest): BuiltTransfer {
  ready()
  const network = BITCOINJS_NETWORKS[request.family]
  const recipient = paymentScript(request.to, request.value, request.family)
  const sender = outputScript(request.from.address, request.family)
  const kind = spendKind(sender)
  if (kind === 'other') throw new LatchError('RPC_METHOD_NOT_ALLOWED')
  const selection = selectCoins({
    coins: request.coins,
    paying: request.value,
    feeRate: request.feeRate,
    baseVbytes: OVERHEAD_VBYTES + outputVbytes(recipient),
    inputVbytes: INPUT_VBYTES[kind],
    changeVbytes: outputVbytes(sender),
    changeDust: dustLimit(sender),
  })
  const extra = inputFields(kind, sender, fromHex(request.from.publicKey))
  const psbt = new Psbt({ network })
  for (const coin of selection.coins) {
    psbt.addInput({
      hash: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: sender, value: coin.value },
      ...extra,
    })
  }
  psbt.addOutput({ script: recipient, value: request.value })
  if (selection.change > 0n) psbt.addOutput({ script: sender, value: selection.change })
  return {
    psbt: psbt.toBase64(),
    inputs: selection.coins.map((_, index) => index),
    fee: selection.fee,
  }
}

/**
 * What a signer needs beyond the witnessUtxo: Taproot's internal key, nested P2WPKH's redeem
 * script. Only when the wallet's public key really gives the address (else the wallet fills in).
 */
function inputFields(kind: 'p2wpkh' | 'p2tr' | 'p2sh', script: Uint8Array, key: Uint8Array) {
  const same = (output: Uint8Array | undefined) =>
    output !== undefined &&
    output.length === script.length &&
    output.every((b, i) => b === script[i])
  try {
    if (kind === 'p2tr') {
      const internal = key.length === 33 ? key.subarray(1) : key
      if (same(payments.p2tr({ internalPubkey: internal }).output))
        return { tapInternalKey: internal }
    }
    if (kind === 'p2sh') {
      const redeem = payments.p2wpkh({ pubkey: key })
      if (same(payments.p2sh({ redeem }).output)) return { redeemScript: redeem.output! }
    }
  } catch {
    // A key of another shape: leave the field to the wallet.
  }
  return {}
}

/**
 * Finalizes the wallet's signed PSBT and extracts the transaction to broadcast, after checking it
 * is the one built: the same inputs and outputs (a wallet may add signatures, nothing else).
 * @throws LatchError UNKNOWN_ERROR for another transaction, INVALID_SIGNATURE for missing signatures.
 */
export function finalizeTransfer(signedBase64: string, builtBase64?: string): { hex: string } {
  ready()
  let signed: Psbt
  try {
    signed = Psbt.fromBase64(signedBase64)
  } catch (error) {
    throw new LatchError('INVALID_SIGNATURE', { cause: error })
  }
  if (builtBase64 !== undefined && !sameTransaction(signed, Psbt.fromBase64(builtBase64))) {
    throw new LatchError('UNKNOWN_ERROR', {
      cause: new Error('The wallet signed another transaction than the one built'),
    })
  }
  let transaction: Transaction
  try {
    for (let index = 0; index < signed.inputCount; index++) {
      const input = signed.data.inputs[index]!
      if (!input.finalScriptWitness && !input.finalScriptSig) signed.finalizeInput(index)
    }
    transaction = signed.extractTransaction()
  } catch (error) {
    throw new LatchError('INVALID_SIGNATURE', { cause: error })
  }
  return { hex: transaction.toHex() }
}

function sameTransaction(a: Psbt, b: Psbt): boolean {
  const ins = (p: Psbt) => p.txInputs.map((i) => `${toHex(i.hash)}:${i.index}:${i.sequence}`)
  const outs = (p: Psbt) => p.txOutputs.map((o) => `${toHex(o.script)}:${o.value}`)
  const key = (p: Psbt) => [p.version, p.locktime, ...ins(p), '|', ...outs(p)].join(',')
  return key(a) === key(b)
}
