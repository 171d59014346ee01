/**
 * Signing for the tests, the way a wallet does it: a PSBT with bitcoinjs-lib, each input signed
 * by its key (Taproot with the BIP-86 tweaked key), finalized and extracted to raw hex.
 */
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import {
  address,
  crypto,
  networks,
  payments,
  Psbt,
  script as bitcoinScript,
  Transaction,
  type TxOutput,
} from 'bitcoinjs-lib'
import type { BitcoinDevnetOrdinalsKey, BitcoinDevnetPaymentKey } from '../accounts.js'
import { ecc, fromHex } from '../bitcoin.js'

const ECPair = ECPairFactory(ecc)

// bitcoinjs does not export the type addInput takes.
type PsbtInput = Parameters<Psbt['addInput']>[0]

export type DevnetKey = BitcoinDevnetPaymentKey | BitcoinDevnetOrdinalsKey

/** An output to spend: where it is and what it holds. */
export interface Coin {
  txid: string
  vout: number
  value: number
}

/** One input of a spend: the coin, its owner's key and, optionally, a sighash type. */
export interface SpendInput {
  key: DevnetKey
  coin: Coin
  sighashType?: number
}

function bytes(hex: string): Uint8Array {
  const decoded = fromHex(hex)
  if (decoded === undefined) throw new Error(`not hex: ${hex}`)
  return decoded
}

/** The signer of a key: the key itself for P2WPKH, tweaked by BIP-86 (no script tree) for Taproot. */
export function signerFor(key: DevnetKey): ECPairInterface {
  const pair = ECPair.fromPrivateKey(bytes(key.privateKey), { network: networks.regtest })
  if (key.addressType === 'p2wpkh') return pair
  return pair.tweak(crypto.taggedHash('TapTweak', bytes(key.xOnlyPublicKey)))
}

/** The output script of a regtest address. */
export function scriptOf(regtestAddress: string): Uint8Array {
  return address.toOutputScript(regtestAddress, networks.regtest)
}

/** An output of a spend: to an address, or to a raw script (OP_RETURN, non-standard ones). */
export type SpendOutput = { address: string; value: number } | { script: Uint8Array; value: number }

/** What a test may change about a spend. */
export interface SpendOptions {
  /** The transaction version (2 by default, as bitcoinjs' PSBTs). */
  version?: number
  /** Replaces an input's signer (a wrong key, for the refusals). */
  signWith?: (index: number) => ECPairInterface | undefined
}

/**
 * Builds, signs and finalizes a PSBT spending `inputs` to `outputs`, and returns the raw
 * transaction's hex.
 */
export function signSpend(
  inputs: readonly SpendInput[],
  outputs: readonly SpendOutput[],
  options: SpendOptions = {},
): string {
  const psbt = new Psbt({ network: networks.regtest })
  if (options.version !== undefined) psbt.setVersion(options.version)
  for (const { key, coin, sighashType } of inputs) {
    const input: PsbtInput = {
      hash: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: scriptOf(key.address), value: BigInt(coin.value) },
      ...(sighashType === undefined ? {} : { sighashType }),
    }
    if (key.addressType === 'p2tr') input.tapInternalKey = bytes(key.xOnlyPublicKey)
    psbt.addInput(input)
  }
  for (const output of outputs) {
    const script = 'script' in output ? output.script : scriptOf(output.address)
    psbt.addOutput({ script, value: BigInt(output.value) })
  }
  inputs.forEach(({ key, sighashType }, index) => {
    const signer = options.signWith?.(index) ?? signerFor(key)
    psbt.signInput(index, signer, sighashType === undefined ? undefined : [sighashType])
  })
  psbt.finalizeAllInputs()
  // The devnet, not bitcoinjs, is what judges the fee here.
  return psbt.extractTransaction(true).toHex()
}

/**
 * Signs input `index` of a transaction by hand, with no PSBT check on whether `signer` may sign
 * it: the witness a wallet with the wrong key (or none of BIP-86's tweak) would produce.
 */
export function handSignedWitness(
  tx: Transaction,
  index: number,
  prevouts: readonly TxOutput[],
  signer: ECPairInterface,
  hashType: number = Transaction.SIGHASH_ALL,
): Uint8Array[] {
  const prevout = prevouts[index]!
  if (prevout.script[0] === 0x00) {
    const scriptCode = payments.p2pkh({ hash: prevout.script.subarray(2) }).output!
    const sighash = tx.hashForWitnessV0(index, scriptCode, prevout.value, hashType)
    return [bitcoinScript.signature.encode(signer.sign(sighash), hashType), signer.publicKey]
  }
  const sighash = tx.hashForWitnessV1(
    index,
    prevouts.map((output) => output.script),
    prevouts.map((output) => output.value),
    hashType,
  )
  const signature = signer.signSchnorr(sighash)
  return [
    hashType === Transaction.SIGHASH_DEFAULT
      ? signature
      : Uint8Array.from([...signature, hashType]),
  ]
}

/** Signs a spend of one whole coin to `to` (by default back to its owner), less `fee` sats. */
export function spendCoin(key: DevnetKey, coin: Coin, to = key.address, fee = 1_000): string {
  return signSpend([{ key, coin }], [{ address: to, value: coin.value - fee }])
}
