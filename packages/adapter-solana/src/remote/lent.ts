import type { AdapterEvent, RemoteProvider } from '@latch/core'
import { SOLANA_MAINNET_REFERENCE } from '../networks.js'
import type { RemoteConnections } from './connections.js'

/**
 * The providers core lends the adapter (`setRemoteProvider`), kept synchronously, and the code
 * that uses them (connections.ts), imported on their first use: only a visitor who pairs a
 * WalletConnect wallet downloads it, right after the WalletConnect client itself.
 */
export function createLentProviders(emit: (event: AdapterEvent) => void) {
  const providers = new Map<string, RemoteProvider>()
  let loaded: RemoteConnections | undefined
  let loading: Promise<RemoteConnections> | undefined

  return {
    /** Whether `connectorId` is a lent provider: it then goes before a discovered wallet. */
    has: (connectorId: string) => providers.has(connectorId),

    /** Lends, replaces or (with `undefined`) takes back; a connection through the old one ends. */
    set(connectorId: string, provider: RemoteProvider | undefined) {
      loaded?.forget(connectorId)
      if (provider) providers.set(connectorId, provider)
      else providers.delete(connectorId)
    },

    /** The connections, loaded once; a failed load is forgotten so the next call tries again. */
    connections(): Promise<RemoteConnections> {
      loading ??= import('./connections.js').then(
        ({ createRemoteConnections }) =>
          (loaded = createRemoteConnections({
            providerOf: (connectorId) => providers.get(connectorId),
            emit,
            fallbackChainReference: SOLANA_MAINNET_REFERENCE,
          })),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },

    destroy() {
      loaded?.destroy()
      providers.clear()
    },
  }
}
