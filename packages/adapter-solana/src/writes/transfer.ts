import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Commitment,
  type Rpc,
  type SolanaRpcApi,
  type TransactionMessageBytesBase64,
} from '@solana/kit'

export interface TransferRequest {
  from: string
  to: string
  /** Lamports. */
  lamports: bigint
  /** Priority fee in micro-lamports per compute unit; none when absent or 0. */
  computeUnitPrice?: bigint | undefined
  /** `legacy` for wallets that do not list version 0 among their supported versions. */
  version: 0 | 'legacy'
  commitment: Commitment
}

export interface BuiltTransfer {
  /** The unsigned transaction in wire format, as Wallet Standard's sign features take it. */
  wireTransaction: Uint8Array
  messageBytes: Uint8Array
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint }
}

/**
 * A SOL transfer on a fresh blockhash, optionally preceded by a compute-budget price instruction.
 * The sender's signature slot is left empty: the wallet fills it.
 */
export async function buildTransfer(
  rpc: Rpc<SolanaRpcApi>,
  request: TransferRequest,
): Promise<BuiltTransfer> {
  const { value: lifetime } = await rpc
    .getLatestBlockhash({ commitment: request.commitment })
    .send()
  const price = request.computeUnitPrice ?? 0n
  const instructions = [
    ...(price > 0n ? [getSetComputeUnitPriceInstruction({ microLamports: price })] : []),
    getTransferSolInstruction({
      source: createNoopSigner(address(request.from)),
      destination: address(request.to),
      amount: request.lamports,
    }),
  ]
  const message = pipe(
    createTransactionMessage({ version: request.version }),
    (m) => setTransactionMessageFeePayer(address(request.from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = compileTransaction(message)
  return {
    wireTransaction: new Uint8Array(getTransactionEncoder().encode(transaction)),
    messageBytes: new Uint8Array(transaction.messageBytes),
    lifetime,
  }
}

/**
 * The fee the cluster will charge for the transfer, in lamports, from getFeeForMessage (base
 * fee per signature plus the priority fee). `null` when the node no longer knows the blockhash.
 */
export async function feeForMessage(
  rpc: Rpc<SolanaRpcApi>,
  messageBytes: Uint8Array,
  commitment: Commitment,
): Promise<bigint | null> {
  const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
  const { value } = await rpc.getFeeForMessage(message, { commitment }).send()
  return value
}
