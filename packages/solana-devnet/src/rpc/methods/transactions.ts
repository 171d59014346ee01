/**
 * Transactions: sending (with the node's preflight), simulating, statuses, fees and airdrops.
 * Failures take the node's shapes: -32002 with the simulation result when preflight fails,
 * -32003 when a signature does not verify.
 */
import { getBase58Decoder, getBase64Decoder, type Address } from '@solana/kit'
import { z } from 'zod'
import type { SolanaChain, Simulation } from '../../chain.js'
import { messageFee } from '../../fees.js'
import { describeTransactionError, type UiTransactionError } from '../../transaction-error.js'
import { decodeWireMessage, decodeWireTransaction, type WireTransaction } from '../../wire.js'
import { assertMinContextSlot, withContext, type RpcContext } from '../context.js'
import { RPC_ERROR_CODES, RpcError } from '../errors.js'
import { rpcMethod, type RpcMethod } from '../jsonrpc.js'
import {
  accountEncoding,
  address,
  commitment,
  contextConfig,
  signature,
  transactionEncoding,
  u64,
  withConfig,
} from '../schemas.js'
import { assertSupportedEncoding, toUiAccount, type UiAccount } from '../ui-account.js'

/** solana's MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS. */
const MAX_SIGNATURE_STATUSES = 256

const sendConfig = z.object({
  encoding: transactionEncoding.optional(),
  skipPreflight: z.boolean().optional(),
  preflightCommitment: commitment.optional(),
  maxRetries: z.number().int().nonnegative().optional(),
  minContextSlot: u64.optional(),
})

const simulateConfig = contextConfig.extend({
  sigVerify: z.boolean().optional(),
  replaceRecentBlockhash: z.boolean().optional(),
  encoding: transactionEncoding.optional(),
  innerInstructions: z.boolean().optional(),
  accounts: z
    .object({ addresses: z.array(address), encoding: accountEncoding.optional() })
    .optional(),
})

/**
 * The node's `RpcSimulateTransactionResult`: simulateTransaction's value, and the `data` of a
 * failed preflight. Token balances are not computed (null, as a node writes an absent field).
 */
interface SimulationResult {
  err: UiTransactionError | null
  logs: string[]
  accounts: (UiAccount | null)[] | null
  unitsConsumed: bigint
  returnData: { programId: Address; data: [string, 'base64'] } | null
  innerInstructions:
    | {
        index: number
        instructions: {
          programIdIndex: number
          accounts: number[]
          data: string
          stackHeight: number
        }[]
      }[]
    | null
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: bigint } | null
  fee: bigint | null
  preBalances: bigint[] | null
  postBalances: bigint[] | null
  preTokenBalances: null
  postTokenBalances: null
  loadedAddresses: { writable: Address[]; readonly: Address[] } | null
}

function simulationResult(
  simulation: Simulation,
  withInnerInstructions: boolean,
): SimulationResult {
  const base58 = getBase58Decoder()
  return {
    err: simulation.err,
    logs: simulation.logs,
    accounts: null,
    unitsConsumed: simulation.unitsConsumed,
    returnData:
      simulation.returnData === null
        ? null
        : {
            programId: simulation.returnData.programId,
            data: [getBase64Decoder().decode(simulation.returnData.data), 'base64'],
          },
    innerInstructions: withInnerInstructions
      ? simulation.innerInstructions.map(({ index, instructions }) => ({
          index,
          instructions: instructions.map((instruction) => ({
            ...instruction,
            data: base58.decode(instruction.data),
          })),
        }))
      : null,
    replacementBlockhash: null,
    fee: simulation.fee,
    preBalances: null,
    postBalances: null,
    preTokenBalances: null,
    postTokenBalances: null,
    loadedAddresses: null,
  }
}

/** Balances before and after, for the message's static accounts (null when it uses lookups). */
function balancesOf(
  chain: SolanaChain,
  wire: WireTransaction,
  simulation: Simulation,
): Pick<SimulationResult, 'preBalances' | 'postBalances' | 'loadedAddresses'> {
  const { message } = wire
  if (
    simulation.err !== null ||
    ('addressTableLookups' in message && message.addressTableLookups?.length)
  ) {
    return { preBalances: null, postBalances: null, loadedAddresses: null }
  }
  const keys = message.staticAccounts
  const preBalances = keys.map((key) => chain.getBalance(key) as bigint)
  const postBalances = keys.map(
    (key, index) => simulation.postAccounts.get(key)?.lamports ?? preBalances[index]!,
  )
  const loadedAddresses = message.version === 'legacy' ? null : { writable: [], readonly: [] }
  return { preBalances, postBalances, loadedAddresses }
}

export const transactionMethods: Record<string, RpcMethod<RpcContext>> = {
  sendTransaction: rpcMethod(withConfig(z.string(), sendConfig), ({ chain }, [text, config]) => {
    const wire = decodeWireTransaction(text, config?.encoding ?? 'base58')
    assertMinContextSlot(chain, config?.minContextSlot)
    // preflightCommitment is accepted and means nothing more: every commitment is one bank here.
    const outcome = chain.send(wire, { skipPreflight: config?.skipPreflight ?? false })
    if (outcome.kind === 'accepted') return outcome.signature
    const { simulation } = outcome
    if (simulation.err === 'SignatureFailure') {
      throw new RpcError(
        RPC_ERROR_CODES.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    throw new RpcError(
      RPC_ERROR_CODES.preflightFailure,
      `Transaction simulation failed: ${describeTransactionError(simulation.err!)}`,
      simulationResult(simulation, false),
    )
  }),

  simulateTransaction: rpcMethod(
    withConfig(z.string(), simulateConfig),
    ({ chain }, [text, config]) => {
      const sigVerify = config?.sigVerify ?? false
      const replaceRecentBlockhash = config?.replaceRecentBlockhash ?? false
      if (sigVerify && replaceRecentBlockhash) {
        throw new RpcError(
          RPC_ERROR_CODES.invalidParams,
          'sigVerify may not be used with replaceRecentBlockhash',
        )
      }
      const wire = decodeWireTransaction(text, config?.encoding ?? 'base58')
      assertMinContextSlot(chain, config?.minContextSlot)
      const requested = config?.accounts
      const accountsEncoding = requested?.encoding ?? 'base64'
      if (accountsEncoding === 'base58' || accountsEncoding === 'binary') {
        throw new RpcError(RPC_ERROR_CODES.invalidParams, 'base58 encoding not supported')
      }
      assertSupportedEncoding(accountsEncoding)
      const keyCount = wire.message.staticAccounts.length
      if (requested !== undefined && requested.addresses.length > keyCount) {
        throw new RpcError(
          RPC_ERROR_CODES.invalidParams,
          `Too many accounts provided; max ${keyCount}`,
        )
      }
      const simulation = chain.simulate(wire, { sigVerify, replaceRecentBlockhash })
      const accounts = requested?.addresses.map((where: Address) => {
        if (simulation.err !== null) return null
        const account = simulation.postAccounts.get(where) ?? chain.getAccount(where)
        if (account === null || account.lamports === 0n) return null
        const data = Uint8Array.from(account.data)
        return toUiAccount(chain, { ...account, data }, accountsEncoding)
      })
      return withContext(chain, {
        ...simulationResult(simulation, config?.innerInstructions ?? false),
        ...balancesOf(chain, wire, simulation),
        accounts: accounts ?? null,
        replacementBlockhash: replaceRecentBlockhash ? chain.latestBlockhash() : null,
      })
    },
  ),

  getSignatureStatuses: rpcMethod(
    withConfig(z.array(signature), z.object({ searchTransactionHistory: z.boolean().optional() })),
    ({ chain }, [signatures]) => {
      if (signatures.length > MAX_SIGNATURE_STATUSES) {
        throw new RpcError(
          RPC_ERROR_CODES.invalidParams,
          `Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`,
        )
      }
      // Every landed transaction is final at once; confirmations null means rooted.
      const statuses = signatures.map((id) => {
        const status = chain.getStatus(id)
        if (status === null) return null
        return {
          slot: status.slot,
          confirmations: null,
          err: status.err,
          status: status.err === null ? { Ok: null } : { Err: status.err },
          confirmationStatus: 'finalized',
        }
      })
      return withContext(chain, statuses)
    },
  ),

  // Null when the message's blockhash has expired (or was never issued), as on a node.
  getFeeForMessage: rpcMethod(
    withConfig(z.string(), contextConfig),
    ({ chain }, [text, config]) => {
      const message = decodeWireMessage(text)
      assertMinContextSlot(chain, config?.minContextSlot)
      return withContext(chain, chain.isLifetimeValid(message) ? messageFee(message) : null)
    },
  ),

  requestAirdrop: rpcMethod(
    z.tuple([address, u64, z.object({ commitment: commitment.optional() }).nullish()]),
    ({ chain }, [recipient, amount]) => {
      const { signature: landed, err } = chain.airdrop(recipient, amount)
      if (landed !== null) return landed
      throw new RpcError(
        RPC_ERROR_CODES.internalError,
        `Internal error: airdrop failed: ${describeTransactionError(err!)}`,
      )
    },
  ),
}
