/**
 * Message signatures, the two ways Bitcoin wallets make them:
 * - BIP-322 "simple" (segwit v0 and Taproot key-path): the signature is the witness of a virtual
 *   transaction spending the address's script, built and signed here with bitcoinjs-lib 7;
 * - the legacy ECDSA one (BIP-137, as `bitcoinjs-message` and Electrum make it): a recoverable
 *   ECDSA signature of the "Bitcoin Signed Message" hash, with the address-type header.
 *
 * Why not `bip322-js`: it drags bitcoinjs-lib 6, `bitcoinjs-message`, `secp256k1` and Node's
 * `stream`/`Buffer` into the extension's browser bundle (esbuild cannot resolve `stream`). The
 * tests verify these signatures with bip322-js' own Verifier instead, an independent check.
 */
import { crypto, opcodes, Psbt, script as bitcoinScript, Transaction } from 'bitcoinjs-lib'
import { compactSize, concatBytes, ecc, toBase64, toHex } from './bitcoin.js'
import { invalidParams } from './errors.js'
import type { WalletKey } from './keys.js'

/** sats-connect's `MessageSigningProtocols`. */
export type MessageSigningProtocol = 'ECDSA' | 'BIP322'

export interface MessageSignature {
  /** The signature's bytes: BIP-322's serialized witness, or BIP-137's 65 bytes. */
  readonly signature: Uint8Array
  /** base64 of `signature`, as wallets hand it to apps. */
  readonly base64: string
  /** Hex of the hash signed over: BIP-322's tagged message hash, or the BIP-137 message hash. */
  readonly messageHash: string
  readonly protocol: MessageSigningProtocol
}

const encoder = new TextEncoder()
const BIP322_TAG = crypto.sha256(encoder.encode('BIP0322-signed-message'))
const MAGIC = encoder.encode('\x18Bitcoin Signed Message:\n')

/** BIP-340's tagged hash with BIP-322's tag (bitcoinjs' `taggedHash` knows only Taproot's tags). */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  return crypto.sha256(concatBytes(BIP322_TAG, BIP322_TAG, message))
}

/** BIP-322 simple: the witness that spends `to_spend` (committing to the message) in `to_sign`. */
export function signBip322(key: WalletKey, message: Uint8Array): MessageSignature {
  const messageHash = bip322MessageHash(message)
  const toSpend = new Transaction()
  toSpend.version = 0
  toSpend.addInput(
    new Uint8Array(32),
    0xffffffff,
    0,
    bitcoinScript.compile([opcodes.OP_0!, messageHash]),
  )
  toSpend.addOutput(key.script, 0n)

  const toSign = new Psbt()
  toSign.setVersion(0)
  toSign.addInput({
    hash: toSpend.getHash(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, value: 0n },
    ...(key.addressType === 'p2tr' && { tapInternalKey: key.publicKey }),
  })
  toSign.addOutput({ script: bitcoinScript.compile([opcodes.OP_RETURN!]), value: 0n })
  toSign.signInput(0, key.signer)
  toSign.finalizeInput(0)
  // A PSBT's final witness is already serialized as BIP-322 wants it: count, then each item.
  const signature = toSign.data.inputs[0]!.finalScriptWitness!
  return {
    signature,
    base64: toBase64(signature),
    messageHash: toHex(messageHash),
    protocol: 'BIP322',
  }
}

/** The legacy "Bitcoin Signed Message" hash: double SHA-256 of the magic prefix and the message. */
export function legacyMessageHash(message: Uint8Array): Uint8Array {
  return crypto.hash256(concatBytes(MAGIC, compactSize(message.length), message))
}

/** BIP-137's header for a native segwit (bech32 P2WPKH) address: 39 + the recovery id. */
const SEGWIT_BECH32_HEADER = 39

/**
 * The legacy ECDSA message signature, for the payment (P2WPKH) key only: BIP-137 defines no
 * header for a Taproot address, whose key is tweaked, so an ordinals address signs BIP-322.
 */
export function signEcdsa(key: WalletKey, message: Uint8Array): MessageSignature {
  if (key.addressType !== 'p2wpkh') {
    throw invalidParams(
      'ECDSA signs with the payment (P2WPKH) address only; use BIP322 for ordinals',
    )
  }
  const hash = legacyMessageHash(message)
  const { signature, recoveryId } = ecc.signRecoverable(hash, key.pair.privateKey!)
  const bytes = concatBytes(Uint8Array.of(SEGWIT_BECH32_HEADER + recoveryId), signature)
  return { signature: bytes, base64: toBase64(bytes), messageHash: toHex(hash), protocol: 'ECDSA' }
}

/**
 * Signs by protocol; without one, as Xverse does: ECDSA with a P2WPKH address, BIP-322 with a
 * Taproot one.
 */
export function signMessageWith(
  key: WalletKey,
  message: Uint8Array,
  protocol?: MessageSigningProtocol,
): MessageSignature {
  const chosen = protocol ?? (key.addressType === 'p2wpkh' ? 'ECDSA' : 'BIP322')
  return chosen === 'ECDSA' ? signEcdsa(key, message) : signBip322(key, message)
}
