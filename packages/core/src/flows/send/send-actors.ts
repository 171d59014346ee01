import { fromPromise } from 'xstate'
import type { ChainAdapter, TransactionRequest } from '../../adapter/contract.js'
import { LatchError } from '../../errors/latch-error.js'
import { toLatchError } from '../../errors/rpc-error.js'
import type { ChainNamespace } from '../../identifiers/types.js'
import { SEND_NAMESPACES } from './send-rules.js'
import type { ResolvedName, ResolveNameInput } from './send.types.js'

/** The part of the adapter contract a send uses. */
export type SendAdapter = Pick<ChainAdapter, 'sendTransaction' | 'estimateFee'>

/** Finds a namespace's adapter; the instance's registry (`latch/adapter-actors.ts`) fits. */
export interface SendAdapters {
  get(namespace: ChainNamespace): SendAdapter | undefined
}

/**
 * Resolves a name (ENS, or the server's names) to its address and avatar; null when there is no
 * such name. The identity/profile client provides it; it should honour `signal`.
 */
export type NameResolver = (
  request: ResolveNameInput & { signal: AbortSignal },
) => Promise<ResolvedName | null>

/** SPEC §4: eip155, solana and bip122 go to their adapter; any other namespace is 'Unsupported chain'. */
function adapterFor(adapters: SendAdapters, request: TransactionRequest): SendAdapter {
  const namespace = request.network.chainNamespace
  if (!SEND_NAMESPACES.includes(namespace)) throw new LatchError('UNSUPPORTED_CHAIN')
  const adapter = adapters.get(namespace)
  if (!adapter) throw new LatchError('CHAIN_ADAPTER_NOT_FOUND')
  return adapter
}

/**
 * The send machine's actors, backed by the instance's adapters and the injected name resolver:
 * `sendMachine.provide({ actors: sendActors(registry, resolveName) })`.
 * - `estimateFee`: EVM only (SPEC §5), through the adapter's optional `estimateFee`; null
 *   (no fee shown) when the adapter has none; 0n for the other namespaces.
 * - `sendTransaction`: the adapter's; any error becomes the catalogue's (4001 → USER_REJECTED).
 * - `resolveName`: the resolver, or null without one.
 */
export function sendActors(adapters: SendAdapters, resolveName?: NameResolver) {
  return {
    estimateFee: fromPromise<bigint | null, TransactionRequest>(async ({ input }) => {
      if (input.network.chainNamespace !== 'eip155') return 0n
      const adapter = adapterFor(adapters, input)
      return adapter.estimateFee ? await adapter.estimateFee(input) : null
    }),
    sendTransaction: fromPromise<string, TransactionRequest>(async ({ input }) => {
      const adapter = adapterFor(adapters, input)
      try {
        return await adapter.sendTransaction(input)
      } catch (error) {
        throw toLatchError(error)
      }
    }),
    resolveName: fromPromise<ResolvedName | null, ResolveNameInput>(({ input, signal }) =>
      resolveName ? resolveName({ ...input, signal }) : Promise.resolve(null),
    ),
  }
}
