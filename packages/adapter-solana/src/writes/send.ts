import {
  assertIsSendableTransaction,
  getBase58Decoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  sendAndConfirmTransactionFactory,
  type Commitment,
  type Signature,
  type Transaction,
} from '@solana/kit'
import { LatchError } from '@latch/core'
import type { SolanaClients } from '../reads/rpc.js'
import type { BuiltTransfer } from './transfer.js'

export interface SendOptions {
  commitment: Commitment
  preflightCommitment: Commitment
  skipPreflight: boolean
  /** Gives up waiting for confirmation (the transaction may still land). */
  signal: AbortSignal
}

/**
 * The sign-then-send path, for wallets without `solana:signAndSendTransaction`: the wallet's
 * signed bytes are sent and confirmed by kit's send-and-confirm (a signature subscription raced
 * against the blockhash's expiry).
 */
export async function sendSigned(
  clients: SolanaClients,
  signedWire: Uint8Array,
  built: BuiltTransfer,
  options: SendOptions,
): Promise<Signature> {
  const decoded = getTransactionDecoder().decode(signedWire) as Transaction
  assertIsSendableTransaction(decoded)
  const transaction = Object.assign(decoded, { lifetimeConstraint: built.lifetime })
  // The factory is typed per cluster (devnet/testnet/mainnet URLs); ours may be any cluster.
  const sendAndConfirm = sendAndConfirmTransactionFactory({
    rpc: clients.rpc,
    rpcSubscriptions: clients.subscriptions(),
  } as Parameters<typeof sendAndConfirmTransactionFactory>[0])
  await sendAndConfirm(transaction, {
    commitment: options.commitment,
    preflightCommitment: options.preflightCommitment,
    skipPreflight: options.skipPreflight,
    abortSignal: options.signal,
  })
  return getSignatureFromTransaction(transaction)
}

const ORDER: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

/**
 * Confirms a transaction the wallet sent itself (`solana:signAndSendTransaction`): subscribes to
 * its signature first, then asks for its status, so a transaction that landed in between is not
 * missed. A transaction that failed on-chain rejects with its error as the cause.
 */
export async function confirmSignature(
  clients: SolanaClients,
  signatureBytes: Uint8Array,
  options: Pick<SendOptions, 'commitment' | 'signal'>,
): Promise<Signature> {
  const signature = getBase58Decoder().decode(signatureBytes) as Signature
  const stop = new AbortController()
  const abort = () => stop.abort(options.signal.reason)
  options.signal.addEventListener('abort', abort)
  try {
    const notifications = await clients
      .subscriptions()
      .signatureNotifications(signature, { commitment: options.commitment })
      .subscribe({ abortSignal: stop.signal })
    const { value } = await clients.rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (
      status?.confirmationStatus &&
      ORDER[status.confirmationStatus] >= ORDER[options.commitment]
    ) {
      if (status.err) throw new LatchError('UNKNOWN_ERROR', { cause: status.err })
      return signature
    }
    for await (const notification of notifications) {
      if (notification.value.err) {
        throw new LatchError('UNKNOWN_ERROR', { cause: notification.value.err })
      }
      return signature
    }
    throw new LatchError('REQUEST_ABORTED', { cause: options.signal.reason })
  } finally {
    options.signal.removeEventListener('abort', abort)
    stop.abort()
  }
}

/** Wallet Standard returns signatures as bytes; Solana writes them in base58. */
export function encodeSignature(bytes: Uint8Array): string {
  return getBase58Decoder().decode(bytes)
}
