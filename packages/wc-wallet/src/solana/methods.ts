import {
  createSolanaRpc,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  isSolanaError,
  partiallySignTransaction,
  type Transaction,
} from '@solana/kit'
import {
  WalletRpcError,
  chainDisconnected,
  invalidParams,
  unauthorized,
  unsupportedMethod,
} from '../errors.js'
import type { SolanaAccount } from './account.js'
import {
  isSolanaMethod,
  parseSolanaParams,
  type SolanaMethod,
  type SolanaMethodParams,
} from './params.js'

/** What the Solana handlers need from the wallet. */
export interface SolanaContext {
  readonly account: SolanaAccount
  /** The CAIP-2 chains the wallet signs for, all served by `rpcUrl`. */
  readonly chains: readonly string[]
  readonly rpcUrl: string
}

/** A Solana request whose params are valid, ready to be approved (or answered at once). */
export type PreparedSolanaRequest = {
  [M in SolanaMethod]: {
    method: M
    params: SolanaMethodParams<M>
    /** False for the account methods: the session already granted the accounts. */
    needsApproval: boolean
  }
}[SolanaMethod]

const SILENT_METHODS: ReadonlySet<SolanaMethod> = new Set([
  'solana_getAccounts',
  'solana_requestAccounts',
])

/**
 * Validates a `solana:` request before anyone is asked: unknown method → 4200, a chain the wallet
 * has no RPC for → 4901, bad params or a transaction that does not ask this key to sign →
 * -32602, another signer → 4100. Throws a WalletRpcError.
 */
export function prepareSolanaRequest(
  ctx: SolanaContext,
  method: string,
  params: unknown,
  chainId: string,
): PreparedSolanaRequest {
  if (!isSolanaMethod(method)) throw unsupportedMethod(method)
  if (!ctx.chains.includes(chainId)) throw chainDisconnected(chainId)
  const prepared = {
    method,
    params: parseSolanaParams(method, params),
    needsApproval: !SILENT_METHODS.has(method),
  } as PreparedSolanaRequest
  switch (prepared.method) {
    case 'solana_signMessage':
      if (prepared.params.pubkey !== ctx.account.address) {
        throw unauthorized(prepared.params.pubkey)
      }
      break
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction':
      decodeForSigner(ctx, method, prepared.params.transaction)
      break
    case 'solana_signAllTransactions':
      for (const bytes of prepared.params.transactions) decodeForSigner(ctx, method, bytes)
      break
    default:
      break
  }
  return prepared
}

/** The wire transaction, checked to ask this wallet's key for a signature. */
function decodeForSigner(ctx: SolanaContext, method: string, bytes: Uint8Array): Transaction {
  let transaction: Transaction
  try {
    transaction = getTransactionDecoder().decode(bytes)
  } catch {
    throw invalidParams(method, 'transaction is not a wire-format Solana transaction')
  }
  if (!(ctx.account.address in transaction.signatures)) {
    throw invalidParams(method, `the transaction does not ask ${ctx.account.address} to sign`)
  }
  return transaction
}

/** Adds the wallet's signature, keeping any the dapp already put there (multi-signer). */
async function sign(ctx: SolanaContext, method: string, bytes: Uint8Array) {
  const signed = await partiallySignTransaction(
    [ctx.account.keyPair],
    decodeForSigner(ctx, method, bytes),
  )
  const signature = signed.signatures[ctx.account.address as keyof typeof signed.signatures]
  if (!signature) throw invalidParams(method, 'the transaction could not be signed')
  return { signed, signature: getBase58Decoder().decode(signature) }
}

const base64 = (transaction: Transaction) =>
  getBase64Decoder().decode(getTransactionEncoder().encode(transaction))

/**
 * Answers a prepared (and, where needed, approved) request, in the shapes of the WalletConnect
 * Solana reference: signatures in base58, transactions in base64.
 */
export async function executeSolanaRequest(
  ctx: SolanaContext,
  request: PreparedSolanaRequest,
): Promise<unknown> {
  switch (request.method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: ctx.account.address }]
    case 'solana_signMessage': {
      const signature = await ctx.account.sign(request.params.message)
      return { signature: getBase58Decoder().decode(signature) }
    }
    case 'solana_signTransaction': {
      const { signed, signature } = await sign(ctx, request.method, request.params.transaction)
      return { signature, transaction: base64(signed) }
    }
    case 'solana_signAllTransactions': {
      const signed = []
      for (const bytes of request.params.transactions) {
        signed.push(base64((await sign(ctx, request.method, bytes)).signed))
      }
      return { transactions: signed }
    }
    case 'solana_signAndSendTransaction': {
      const { signed, signature } = await sign(ctx, request.method, request.params.transaction)
      const options = request.params.sendOptions ?? {}
      await send(ctx.rpcUrl, signed, options)
      return { signature }
    }
  }
}

/** Sends through the cluster's RPC with the dapp's options; a node error keeps its code. */
async function send(
  rpcUrl: string,
  signed: Transaction,
  options: NonNullable<SolanaMethodParams<'solana_signAndSendTransaction'>['sendOptions']>,
): Promise<void> {
  try {
    await createSolanaRpc(rpcUrl)
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        ...(options.skipPreflight !== undefined && { skipPreflight: options.skipPreflight }),
        ...(options.preflightCommitment && { preflightCommitment: options.preflightCommitment }),
        ...(options.maxRetries !== undefined && { maxRetries: BigInt(options.maxRetries) }),
        ...(options.minContextSlot !== undefined && {
          minContextSlot: BigInt(options.minContextSlot),
        }),
      })
      .send()
  } catch (error) {
    // kit numbers a node's JSON-RPC errors with the node's own codes (-32002 preflight failure…).
    if (isSolanaError(error)) {
      const code = Number(error.context.__code)
      if (code >= -32768 && code <= -32000) throw new WalletRpcError(code, error.message)
    }
    throw error
  }
}
