/**
 * Decoding what clients send: wire transactions (sendTransaction, simulateTransaction) and bare
 * messages (getFeeForMessage), with kit's own codecs, so the devnet reads exactly what kit writes.
 * A malformed payload is the client's fault: it becomes a -32602 error, never a crash.
 */
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getShortU16Decoder,
  getTransactionDecoder,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  type Transaction,
} from '@solana/kit'
import { RpcError } from './rpc/errors.js'

/** A message as kit compiles it, with the recent blockhash (or nonce) it names. */
export type DecodedMessage = CompiledTransactionMessage & CompiledTransactionMessageWithLifetime

/** A decoded wire transaction and what the devnet needs from it. */
export interface WireTransaction {
  readonly transaction: Transaction
  readonly message: DecodedMessage
  /** The first signature, base58: the transaction's id, even when it is all zeros (unsigned). */
  readonly signature: string
  /** Whether every required signature is present; a zeroed one is missing. */
  readonly fullySigned: boolean
}

/** The encodings the RPC accepts for a transaction. */
export type WireEncoding = 'base58' | 'base64'

// solana's PACKET_DATA_SIZE: the largest legacy or v0 transaction. v1 allows 4096 bytes.
const MAX_TRANSACTION_BYTES = 4096
const SIGNATURE_BYTES = 64

function decodeText(text: string, encoding: WireEncoding): Uint8Array {
  try {
    const bytes = (encoding === 'base64' ? getBase64Encoder() : getBase58Encoder()).encode(text)
    return Uint8Array.from(bytes)
  } catch (error) {
    throw new RpcError(-32602, `invalid ${encoding} encoding: ${reason(error)}`)
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Decodes a transaction as sent to sendTransaction or simulateTransaction.
 * @throws RpcError -32602 when it is not valid base58/base64 or not a transaction.
 */
export function decodeWireTransaction(text: string, encoding: WireEncoding): WireTransaction {
  const bytes = decodeText(text, encoding)
  if (bytes.length > MAX_TRANSACTION_BYTES) {
    throw new RpcError(
      -32602,
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: ${MAX_TRANSACTION_BYTES} bytes)`,
    )
  }
  let transaction: Transaction
  let message: DecodedMessage
  try {
    transaction = getTransactionDecoder().decode(bytes)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch (error) {
    throw new RpcError(
      -32602,
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${reason(error)}`,
    )
  }
  const signatures = Object.values(transaction.signatures)
  if (signatures.length === 0 || signatures.length !== message.header.numSignerAccounts) {
    throw new RpcError(
      -32602,
      'invalid transaction: Transaction failed to sanitize accounts offsets correctly',
    )
  }
  // The raw first signature, so an unsigned transaction still has an id ("1111…"), as on a node.
  const [, offset] = getShortU16Decoder().read(bytes, 0)
  const signature = getBase58Decoder().decode(bytes.subarray(offset, offset + SIGNATURE_BYTES))
  return { transaction, message, signature, fullySigned: signatures.every((s) => s !== null) }
}

/**
 * Decodes a base64 message as sent to getFeeForMessage.
 * @throws RpcError -32602 when it is not base64 or not a message.
 */
export function decodeWireMessage(text: string): DecodedMessage {
  const bytes = decodeText(text, 'base64')
  try {
    return getCompiledTransactionMessageDecoder().decode(bytes)
  } catch (error) {
    throw new RpcError(-32602, `invalid transaction message: ${reason(error)}`)
  }
}
