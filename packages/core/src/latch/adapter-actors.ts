import { fromPromise } from 'xstate'
import type { ChainAdapter, ConnectResult } from '../adapter/contract.js'
import { LatchError } from '../errors/latch-error.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type {
  ConnectWalletInput,
  DisconnectWalletsInput,
  ReconnectCandidate,
} from '../machines/connection.types.js'
import type { Network } from '../network/network.js'

export type AdapterRegistry = ReadonlyMap<ChainNamespace, ChainAdapter>

export function createAdapterRegistry(adapters: readonly ChainAdapter[]): AdapterRegistry {
  return new Map(adapters.map((adapter) => [adapter.namespace, adapter]))
}

function adapterFor(registry: AdapterRegistry, namespace: ChainNamespace): ChainAdapter {
  const adapter = registry.get(namespace)
  if (!adapter) throw new LatchError('ADAPTER_NOT_FOUND')
  return adapter
}

/** The connection machine's actors, backed by the host's adapters. */
export function connectionActors(registry: AdapterRegistry) {
  return {
    connectWallet: fromPromise<ConnectResult, ConnectWalletInput>(({ input, signal }) =>
      adapterFor(registry, input.namespace).connect({
        connectorId: input.connector.id,
        ...(input.network ? { network: input.network } : {}),
        signal,
      }),
    ),
    reconnectWallet: fromPromise<ConnectResult | null, ReconnectCandidate>(({ input, signal }) =>
      adapterFor(registry, input.namespace).reconnect({ connectorId: input.connectorId, signal }),
    ),
    disconnectWallets: fromPromise<void, DisconnectWalletsInput>(async ({ input }) => {
      const results = await Promise.allSettled(
        input.connections.map((c) =>
          adapterFor(registry, c.namespace).disconnect({ connectorId: c.connectorId }),
        ),
      )
      const reasons = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))
      if (reasons.length) {
        throw new LatchError('DISCONNECT_CHAINS_FAILED', {
          values: { reasons: reasons.join(', ') },
        })
      }
    }),
  }
}

/** The network machine's actors: the wallet switch and the add-chain fallback. */
export function networkActors(registry: AdapterRegistry) {
  type SwitchInput = { network: Network; connectorId: string }
  return {
    switchChain: fromPromise<void, SwitchInput>(({ input }) =>
      adapterFor(registry, input.network.chainNamespace).switchNetwork(input),
    ),
    addChain: fromPromise<void, SwitchInput>(async ({ input }) => {
      const adapter = adapterFor(registry, input.network.chainNamespace)
      if (!adapter.addNetwork) throw new LatchError('CHAIN_NOT_SUPPORTED')
      await adapter.addNetwork(input)
    }),
  }
}
