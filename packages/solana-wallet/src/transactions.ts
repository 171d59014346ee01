import {
  createSolanaRpc,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  type Transaction,
} from '@solana/kit'
import type { SolanaSignAndSendTransactionOptions } from '@solana/wallet-standard-features'
import { invalidParams } from './errors.js'
import type { WalletKey } from './keys.js'

function decode(bytes: Uint8Array): Transaction {
  try {
    return getTransactionDecoder().decode(bytes)
  } catch {
    throw invalidParams('transaction is not a wire-format Solana transaction')
  }
}

/**
 * Adds the key's signature and keeps any the app already put there (a multi-signer transaction
 * is partially signed by each party), as a real wallet does.
 */
export async function signTransactionBytes(
  key: WalletKey,
  bytes: Uint8Array,
): Promise<Transaction> {
  const transaction = decode(bytes)
  if (!(key.address in transaction.signatures)) {
    throw invalidParams(`the transaction does not ask ${key.address} to sign`)
  }
  return partiallySignTransaction([await key.keyPair()], transaction)
}

export function encodeTransaction(transaction: Transaction): Uint8Array {
  return new Uint8Array(getTransactionEncoder().encode(transaction))
}

/** Sends through the chain's RPC and answers with the transaction's signature, as bytes. */
export async function sendSignedTransaction(
  rpcUrl: string,
  transaction: Transaction,
  options: SolanaSignAndSendTransactionOptions = {},
): Promise<Uint8Array> {
  const rpc = createSolanaRpc(rpcUrl)
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: 'base64',
      ...(options.skipPreflight !== undefined && { skipPreflight: options.skipPreflight }),
      ...(options.preflightCommitment && { preflightCommitment: options.preflightCommitment }),
      ...(options.maxRetries !== undefined && { maxRetries: BigInt(options.maxRetries) }),
      ...(options.minContextSlot !== undefined && {
        minContextSlot: BigInt(options.minContextSlot),
      }),
    })
    .send()
  return new Uint8Array(getBase58Encoder().encode(signature))
}
