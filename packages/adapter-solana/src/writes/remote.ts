import { LatchError, RpcErrorCode, rpcErrorCode, type RemoteProvider } from '@latch/core'
import {
  address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signatureBytes,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import { parseSignature, parseSignedTransaction } from '../remote/answers.js'
import type { SolanaClients } from '../reads/rpc.js'
import { confirmSignature, sendSigned, type SendOptions } from './send.js'
import type { BuiltTransfer } from './transfer.js'

// The WalletConnect side of signing and sending (the WalletConnect Solana RPC reference): bytes
// travel as base58 (messages, signatures) or base64 (transactions), where Wallet Standard passes
// them as they are.

/** JSON-RPC "method not found": what a wallet without the method may answer instead of 4200. */
const METHOD_NOT_FOUND = -32601

/** A base58 signature the wallet sent, as its 64 bytes; anything else is `missing`. */
function signatureBytesOf(
  value: string,
  missing: 'INVALID_SIGNATURE' | 'INVALID_TRANSACTION_HASH',
): SignatureBytes {
  try {
    return signatureBytes(getBase58Encoder().encode(value))
  } catch {
    // Not base58, or not the 64 bytes of an ed25519 signature.
    throw new LatchError(missing)
  }
}

/**
 * `solana_signMessage`: the message's UTF-8 bytes in base58 and the signer's key; resolves with
 * the signature in base58, as the Wallet Standard path does (both encode the 64 bytes).
 */
export async function remoteSignMessage(
  provider: RemoteProvider,
  pubkey: string,
  message: string,
): Promise<string> {
  const answer = await provider.request({
    method: 'solana_signMessage',
    params: { message: getBase58Decoder().decode(new TextEncoder().encode(message)), pubkey },
  })
  const signature = signatureBytesOf(
    parseSignature(answer, 'INVALID_SIGNATURE'),
    'INVALID_SIGNATURE',
  )
  return getBase58Decoder().decode(signature)
}

/** Whether the session lacks a method (the provider's 4200, or the wallet's "not found"). */
function isMissingMethod(error: unknown): boolean {
  const code = rpcErrorCode(error)
  return code === RpcErrorCode.UNSUPPORTED_METHOD || code === METHOD_NOT_FOUND
}

/** The built transaction with the wallet's signature in the signer's slot. */
function withSignature(wire: Uint8Array, signer: string, signature: SignatureBytes): Uint8Array {
  const transaction = getTransactionDecoder().decode(wire)
  if (!(signer in transaction.signatures)) throw new LatchError('INVALID_TRANSACTION_HASH')
  const signed: Transaction = {
    ...transaction,
    signatures: { ...transaction.signatures, [address(signer)]: signature },
  }
  return new Uint8Array(getTransactionEncoder().encode(signed))
}

/**
 * Sends the built transfer through a WalletConnect session: `solana_signAndSendTransaction`
 * (the wallet sends; the adapter confirms through its signature subscription), or, when the
 * session lacks it, `solana_signTransaction` and the adapter's own send-and-confirm, as for a
 * Wallet Standard wallet without signAndSend. The wallet's other errors (4001…) go to core as
 * they are. Resolves with the base58 signature once confirmed.
 */
export async function remoteSendTransfer(
  provider: RemoteProvider,
  clients: SolanaClients,
  built: BuiltTransfer,
  request: { from: string; options: Omit<SendOptions, 'signal'>; timeoutMs: number },
): Promise<string> {
  const { from, options, timeoutMs } = request
  const transaction = getBase64Decoder().decode(built.wireTransaction)
  let sent: unknown
  try {
    sent = await provider.request({
      method: 'solana_signAndSendTransaction',
      params: {
        transaction,
        // Wallets written against the older reference expect the signer's key too.
        pubkey: from,
        sendOptions: {
          preflightCommitment: options.preflightCommitment,
          skipPreflight: options.skipPreflight,
        },
      },
    })
  } catch (error) {
    if (!isMissingMethod(error)) throw error
  }
  if (sent !== undefined) {
    const signature = parseSignature(sent, 'INVALID_TRANSACTION_HASH')
    return confirmSignature(clients, signatureBytesOf(signature, 'INVALID_TRANSACTION_HASH'), {
      commitment: options.commitment,
      signal: AbortSignal.timeout(timeoutMs),
    })
  }
  const answer = parseSignedTransaction(
    await provider.request({
      method: 'solana_signTransaction',
      params: { transaction, pubkey: from },
    }),
  )
  const signedWire = answer.transaction
    ? decodeBase64(answer.transaction)
    : withSignature(
        built.wireTransaction,
        from,
        signatureBytesOf(answer.signature, 'INVALID_TRANSACTION_HASH'),
      )
  return sendSigned(clients, signedWire, built, {
    ...options,
    signal: AbortSignal.timeout(timeoutMs),
  })
}

function decodeBase64(value: string): Uint8Array {
  try {
    return new Uint8Array(getBase64Encoder().encode(value))
  } catch {
    throw new LatchError('INVALID_TRANSACTION_HASH')
  }
}
