/**
 * What every HTTP method gets, and the `{ context, value }` wrapper of the node's responses.
 */
import type { SolanaChain } from '../chain.js'
import { RPC_ERROR_CODES, RpcError } from './errors.js'

/**
 * The Agave version whose runtime LiteSVM 1.5 embeds (its solana-program-runtime 4.3.0 crates):
 * getVersion's `solana-core` and every response's `context.apiVersion`.
 */
export const SOLANA_API_VERSION = '4.3.0'

/** The state an HTTP method answers from. */
export interface RpcContext {
  readonly chain: SolanaChain
}

/** The node's response wrapper: the slot the answer was read at, with the API version. */
export interface WithContext<T> {
  context: { apiVersion: string; slot: bigint }
  value: T
}

export function withContext<T>(chain: SolanaChain, value: T): WithContext<T> {
  return { context: { apiVersion: SOLANA_API_VERSION, slot: chain.slot }, value }
}

/**
 * Checks `minContextSlot`: a node answers only from a bank at least that recent.
 * @throws RpcError -32016 when the chain has not reached it.
 */
export function assertMinContextSlot(chain: SolanaChain, minContextSlot: bigint | undefined): void {
  if (minContextSlot !== undefined && chain.slot < minContextSlot) {
    throw new RpcError(
      RPC_ERROR_CODES.minContextSlotNotReached,
      'Minimum context slot has not been reached',
      { contextSlot: chain.slot },
    )
  }
}
