import { getBase58Encoder, getBase64Encoder } from '@solana/kit'
import { z } from 'zod'
import { parseWith } from '../params.js'

/**
 * zod schemas of the params of the WalletConnect Solana methods (docs.reown.com's Solana RPC
 * reference). Like the EVM ones, they run before anyone is asked: malformed input is -32602.
 */

/** A base58 text as its bytes (kit's codec refuses any other alphabet). */
const base58Bytes = z.string().transform((value, ctx) => {
  try {
    return new Uint8Array(getBase58Encoder().encode(value))
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be base58' })
    return z.NEVER
  }
})

/** A base64 text as its bytes; the empty string is no transaction. */
const base64Bytes = z
  .string()
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
  .transform((value) => new Uint8Array(getBase64Encoder().encode(value)))

const noParams = z.union([z.tuple([]), z.object({}), z.undefined(), z.null()])

/** The node's commitment for each of SPEC §5's names (the legacy ones are its old aliases). */
const COMMITMENTS = {
  processed: 'processed',
  recent: 'processed',
  confirmed: 'confirmed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  finalized: 'finalized',
  root: 'finalized',
  max: 'finalized',
} as const

const isCommitmentName = (value: string): value is keyof typeof COMMITMENTS =>
  Object.hasOwn(COMMITMENTS, value)

/** A preflight commitment by any of its names, as the node's current name. */
const commitment = z.string().transform((value, ctx) => {
  if (isCommitmentName(value)) return COMMITMENTS[value]
  ctx.addIssue({ code: 'custom', message: `must be one of ${Object.keys(COMMITMENTS).join(', ')}` })
  return z.NEVER
})

/** solana_signMessage: `{ message: base58 bytes, pubkey }`. */
export const signMessageParams = z.object({ message: base58Bytes, pubkey: z.string() })

/**
 * solana_signTransaction: `{ transaction: base64 wire transaction }`. The reference's deprecated
 * form (feePayer, instructions, recentBlockhash) cannot express versioned transactions and is
 * not served: without `transaction` the request is refused.
 */
export const signTransactionParams = z.object({ transaction: base64Bytes })

/** solana_signAndSendTransaction: the transaction and the node's send options. */
export const signAndSendTransactionParams = z.object({
  transaction: base64Bytes,
  sendOptions: z
    .object({
      skipPreflight: z.boolean().optional(),
      preflightCommitment: commitment.optional(),
      maxRetries: z.number().int().min(0).optional(),
      minContextSlot: z.number().int().min(0).optional(),
    })
    .optional(),
})

/** solana_signAllTransactions: `{ transactions: base64[] }`, signed all or none. */
export const signAllTransactionsParams = z.object({
  transactions: z.array(base64Bytes).min(1),
})

/** Every Solana method the wallet answers, with its params schema. */
export const SOLANA_METHOD_PARAMS = {
  solana_signMessage: signMessageParams,
  solana_signTransaction: signTransactionParams,
  solana_signAndSendTransaction: signAndSendTransactionParams,
  solana_signAllTransactions: signAllTransactionsParams,
  solana_getAccounts: noParams,
  solana_requestAccounts: noParams,
} as const

export type SolanaMethod = keyof typeof SOLANA_METHOD_PARAMS

/** The Solana methods approved in every session. */
export const SOLANA_METHODS = Object.keys(SOLANA_METHOD_PARAMS) as SolanaMethod[]

export function isSolanaMethod(method: string): method is SolanaMethod {
  return Object.hasOwn(SOLANA_METHOD_PARAMS, method)
}

export type SolanaMethodParams<M extends SolanaMethod> = z.output<(typeof SOLANA_METHOD_PARAMS)[M]>

/** Validates `params` of `method`; throws -32602 naming the first problem. */
export function parseSolanaParams<M extends SolanaMethod>(
  method: M,
  params: unknown,
): SolanaMethodParams<M> {
  return parseWith(SOLANA_METHOD_PARAMS[method], method, params) as SolanaMethodParams<M>
}
