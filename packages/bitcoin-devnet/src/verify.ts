/**
 * Verifies every input's signature as bitcoind's script interpreter would for the two spends a
 * wallet makes: P2WPKH (BIP-143 sighash, ECDSA) and Taproot key-path (BIP-341 sighash, BIP-340
 * Schnorr). Anything else is refused by name rather than let through unchecked.
 *
 * Failures read as bitcoind's: `mandatory-script-verify-flag-failed (…)` when consensus fails,
 * `non-mandatory-script-verify-flag (…)` when only policy does (a high S, an undefined sighash
 * type, an uncompressed key), since bitcoind re-runs a failed script with consensus flags alone to
 * tell which it was.
 */
import { crypto, payments, Transaction, type TxOutput } from 'bitcoinjs-lib'
import { ecc, toHex } from './bitcoin.js'
import { rejected, scriptFailure, type TxRejection } from './rejection.js'
import { scriptPubKeyType } from './script.js'

const EVAL_FALSE =
  'Script evaluated without error but finished with a false/empty top stack element'
const WITNESS_MALLEATED = 'Witness requires empty scriptSig'
const SCHNORR_HASHTYPE = 'Invalid Schnorr signature hash type'

// secp256k1's order n, halved: a low-S signature (BIP-62, policy) has s ≤ n / 2.
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

function bigIntOf(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${toHex(bytes)}`)
}

/**
 * BIP-66's strict DER (bitcoind's IsValidSignatureEncoding, over the signature without its
 * sighash byte): returns r and s, or undefined when the encoding is not canonical.
 */
export function parseStrictDer(der: Uint8Array): { r: Uint8Array; s: Uint8Array } | undefined {
  if (der.length < 8 || der.length > 72) return undefined
  if (der[0] !== 0x30 || der[1] !== der.length - 2 || der[2] !== 0x02) return undefined
  const lengthR = der[3]!
  if (lengthR === 0 || 5 + lengthR >= der.length || der[4 + lengthR] !== 0x02) return undefined
  const lengthS = der[5 + lengthR]!
  if (lengthS === 0 || 6 + lengthR + lengthS !== der.length) return undefined
  const r = der.subarray(4, 4 + lengthR)
  const s = der.subarray(6 + lengthR)
  // Positive, and no padding byte unless the next one has its top bit set.
  for (const integer of [r, s]) {
    if (integer[0]! & 0x80) return undefined
    if (integer.length > 1 && integer[0] === 0 && !(integer[1]! & 0x80)) return undefined
  }
  return { r, s }
}

/** r ‖ s as 64 bytes, or undefined when either does not fit in 32 (it cannot verify then). */
function compact(r: Uint8Array, s: Uint8Array): Uint8Array | undefined {
  const strip = (integer: Uint8Array) => (integer[0] === 0 ? integer.subarray(1) : integer)
  const [rr, ss] = [strip(r), strip(s)]
  if (rr.length > 32 || ss.length > 32) return undefined
  const signature = new Uint8Array(64)
  signature.set(rr, 32 - rr.length)
  signature.set(ss, 64 - ss.length)
  return signature
}

function isDefinedEcdsaHashType(hashType: number): boolean {
  const base = hashType & ~Transaction.SIGHASH_ANYONECANPAY
  return base >= Transaction.SIGHASH_ALL && base <= Transaction.SIGHASH_SINGLE
}

function isDefinedSchnorrHashType(hashType: number): boolean {
  return hashType <= 0x03 || (hashType >= 0x81 && hashType <= 0x83)
}

function safely(check: () => boolean): boolean {
  try {
    return check()
  } catch {
    // The curve library throws on what is not a point or a signature: it does not verify.
    return false
  }
}

function unsupported(index: number, what: string): TxRejection {
  return rejected(
    'unsupported-script-type',
    `input ${index} is ${what}: this regtest server verifies P2WPKH and Taproot key-path spends only`,
  )
}

function verifyP2wpkh(tx: Transaction, index: number, prevout: TxOutput): void {
  const input = tx.ins[index]!
  if (input.script.length > 0) throw scriptFailure(WITNESS_MALLEATED)
  if (input.witness.length !== 2) throw scriptFailure('Witness program hash mismatch')
  const [signature, publicKey] = input.witness as [Uint8Array, Uint8Array]
  const program = prevout.script.subarray(2)
  if (!equalBytes(crypto.hash160(publicKey), program)) {
    throw scriptFailure('Script failed an OP_EQUALVERIFY operation')
  }
  if (signature.length === 0) throw scriptFailure(EVAL_FALSE)
  const der = parseStrictDer(signature.subarray(0, -1))
  if (der === undefined) throw scriptFailure('Non-canonical DER signature')
  const hashType = signature[signature.length - 1]!
  // BIP-143's scriptCode for P2WPKH is the P2PKH script of the same hash.
  const scriptCode = payments.p2pkh({ hash: program }).output!
  const sighash = tx.hashForWitnessV0(index, scriptCode, prevout.value, hashType)
  const rs = compact(der.r, der.s)
  // Non-strict: a high S verifies under consensus; policy refuses it below.
  const valid = rs !== undefined && safely(() => ecc.verify(sighash, publicKey, rs, false))
  if (!valid) throw scriptFailure(EVAL_FALSE)
  if (bigIntOf(der.s) > HALF_ORDER) {
    throw scriptFailure('Non-canonical signature: S value is unnecessarily high', false)
  }
  if (!isDefinedEcdsaHashType(hashType)) {
    throw scriptFailure('Signature hash type missing or not understood', false)
  }
  if (publicKey.length !== 33) throw scriptFailure('Using non-compressed keys in segwit', false)
}

function verifyTaprootKeyPath(tx: Transaction, index: number, prevouts: TxOutput[]): void {
  const input = tx.ins[index]!
  if (input.script.length > 0) throw scriptFailure(WITNESS_MALLEATED)
  const stack = input.witness
  if (stack.length === 0) throw scriptFailure('Witness program was passed an empty witness')
  // BIP-341's annex: valid, but no policy relays it yet.
  if (stack.length >= 2 && stack[stack.length - 1]![0] === 0x50) {
    throw rejected('bad-witness-nonstandard')
  }
  if (stack.length > 1) throw unsupported(index, 'a Taproot script-path spend')
  const signature = stack[0]!
  if (signature.length !== 64 && signature.length !== 65) {
    throw scriptFailure('Invalid Schnorr signature size')
  }
  // 64 bytes: SIGHASH_DEFAULT. 65: an explicit type, which may not be 0x00 (it would be 64).
  const hashType = signature.length === 65 ? signature[64]! : Transaction.SIGHASH_DEFAULT
  if (signature.length === 65 && hashType === Transaction.SIGHASH_DEFAULT) {
    throw scriptFailure(SCHNORR_HASHTYPE)
  }
  if (!isDefinedSchnorrHashType(hashType)) throw scriptFailure(SCHNORR_HASHTYPE)
  // SIGHASH_SINGLE needs the output at the input's index (BIP-341 makes it invalid otherwise).
  if ((hashType & 0x03) === Transaction.SIGHASH_SINGLE && index >= tx.outs.length) {
    throw scriptFailure(SCHNORR_HASHTYPE)
  }
  const sighash = tx.hashForWitnessV1(
    index,
    prevouts.map((prevout) => prevout.script),
    prevouts.map((prevout) => prevout.value),
    hashType,
  )
  // The output key is the tweaked key, as it stands in the output script (OP_1 <32 bytes>).
  const outputKey = prevouts[index]!.script.subarray(2)
  const valid = safely(() => ecc.verifySchnorr(sighash, outputKey, signature.subarray(0, 64)))
  if (!valid) throw scriptFailure('Invalid Schnorr signature')
}

/**
 * Verifies every input of `tx` against the outputs it spends (`prevouts[i]` for input i).
 * @throws TxRejection -26: the script failure in bitcoind's words, or `unsupported-script-type`
 *   for an input this server cannot verify (P2PKH, P2SH, P2WSH, script paths, …).
 */
export function verifyInputs(tx: Transaction, prevouts: TxOutput[]): void {
  prevouts.forEach((prevout, index) => {
    const type = scriptPubKeyType(prevout.script)
    if (type === 'v0_p2wpkh') verifyP2wpkh(tx, index, prevout)
    else if (type === 'v1_p2tr') verifyTaprootKeyPath(tx, index, prevouts)
    else throw unsupported(index, `a ${type} spend`)
  })
}
