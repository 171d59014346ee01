import type { ChainNamespace } from '../identifiers/types.js'
import type { ChainAdapter } from './contract.js'

/**
 * An instance's adapters by namespace. Read-only for everything but the instance itself: only
 * `latch.removeAdapter` deletes from it.
 */
export type AdapterRegistry = ReadonlyMap<ChainNamespace, ChainAdapter>

/** The instance's adapters by namespace, from the host's `adapters` option. */
export function createAdapterRegistry(
  adapters: readonly ChainAdapter[],
): Map<ChainNamespace, ChainAdapter> {
  return new Map(adapters.map((adapter) => [adapter.namespace, adapter]))
}
