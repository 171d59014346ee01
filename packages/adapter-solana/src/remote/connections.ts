import {
  LatchError,
  type AdapterAccount,
  type AdapterEvent,
  type ConnectResult,
  type Network,
  type RemoteProvider,
} from '@latch/core'
import { parseAccounts, toRemoteAccounts } from './answers.js'

/** A CAIP-2 reference (CAIP-2's grammar): what a `chainChanged` from the session must be. */
const CHAIN_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/

/** A connection through a lent provider. */
interface RemoteConnection {
  provider: RemoteProvider
  accounts: AdapterAccount[]
  /** Stops listening to the provider's events. */
  unwatch(): void
}

export interface RemoteConnectionsDeps {
  /** The provider core lends under `connectorId` now, if any. */
  providerOf(connectorId: string): RemoteProvider | undefined
  emit(event: AdapterEvent): void
  /**
   * The chain of a connection nothing else names (mainnet). Passed in rather than imported, so
   * this chunk shares no module with the adapter's start-up code.
   */
  fallbackChainReference: string
}

/**
 * The connections through providers core lends the adapter: a WalletConnect session seen
 * through its `solana` namespace (`setRemoteProvider`), reached like a Wallet Standard wallet.
 * Loaded on the first use of a lent provider (see lent.ts), so a host whose visitors never pair
 * downloads none of it.
 *
 * - **Accounts** are the session's, asked for with `solana_requestAccounts` (connect) and
 *   `solana_getAccounts` (reconnect), answered `[{ pubkey }]` by the WalletConnect Solana RPC
 *   reference; the session granted them, so the wallet asks no one.
 * - **Chain.** Requests follow the session's own chain (the universal provider's default), and
 *   the Solana methods have no "current chain" query. So a connection's chain is the one the
 *   adapter records, as for Wallet Standard: the network asked for at connect or switch, else
 *   the one recorded before, else mainnet; then whatever the session reports (`chainChanged`).
 * - **Events** from the session while connected: `accountsChanged` (addresses), `chainChanged`
 *   (a CAIP-2 reference) and `disconnect`, reported as core's adapter events.
 * - **Disconnecting** only forgets: core ends the session itself, for every namespace at once.
 *
 * Nothing here loads @solana/kit: connecting needs none of it.
 */
export function createRemoteConnections(deps: RemoteConnectionsDeps) {
  const connections = new Map<string, RemoteConnection>()
  /**
   * The chain of each connection (see "Chain" above), recorded at connect, switch or the
   * session's report; a switch may come before a connection. Dropped when forgotten.
   */
  const chains = new Map<string, string>()

  const requireProvider = (connectorId: string): RemoteProvider => {
    const provider = deps.providerOf(connectorId)
    if (!provider) throw new LatchError('PROVIDER_NOT_FOUND')
    return provider
  }

  function watch(connectorId: string, connection: Omit<RemoteConnection, 'unwatch'>) {
    const { provider } = connection
    const onAccounts = (addresses: unknown) => {
      const accounts = Array.isArray(addresses)
        ? toRemoteAccounts(addresses.filter((a): a is string => typeof a === 'string'))
        : []
      entry.accounts = accounts
      deps.emit({ type: 'accountsChanged', connectorId, accounts })
    }
    const onChain = (reference: unknown) => {
      // The session's events are untrusted: only a well-formed reference is kept.
      if (typeof reference !== 'string' || !CHAIN_REFERENCE.test(reference)) return
      chains.set(connectorId, reference)
      deps.emit({ type: 'chainChanged', connectorId, chainReference: reference })
    }
    const onDisconnect = () => deps.emit({ type: 'disconnect', connectorId })
    const entry: RemoteConnection = {
      ...connection,
      unwatch() {
        provider.removeListener('accountsChanged', onAccounts)
        provider.removeListener('chainChanged', onChain)
        provider.removeListener('disconnect', onDisconnect)
      },
    }
    provider.on('accountsChanged', onAccounts)
    provider.on('chainChanged', onChain)
    provider.on('disconnect', onDisconnect)
    return entry
  }

  function connected(
    connectorId: string,
    provider: RemoteProvider,
    accounts: AdapterAccount[],
    network?: Network,
  ): ConnectResult {
    // Taken back (or replaced) while the wallet answered: that session is not ours any more.
    if (deps.providerOf(connectorId) !== provider) throw new LatchError('PROVIDER_NOT_FOUND')
    const chainReference =
      network?.caipNetworkId.slice('solana:'.length) ??
      chains.get(connectorId) ??
      deps.fallbackChainReference
    connections.get(connectorId)?.unwatch()
    chains.set(connectorId, chainReference)
    connections.set(connectorId, watch(connectorId, { provider, accounts }))
    return { connectorId, accounts, chainReference }
  }

  /** Stops listening and drops the connection and its chain; asks the wallet nothing. */
  function forget(connectorId: string) {
    connections.get(connectorId)?.unwatch()
    connections.delete(connectorId)
    chains.delete(connectorId)
  }

  return {
    /** `solana_requestAccounts`; the wallet's own error (4001…) goes to core untouched. */
    async connect(connectorId: string, network?: Network): Promise<ConnectResult> {
      const provider = requireProvider(connectorId)
      const answer = await provider.request({ method: 'solana_requestAccounts' })
      return connected(connectorId, provider, parseAccounts(answer), network)
    },

    /** `solana_getAccounts`: `null` when nothing is lent, or the session lists no account. */
    async reconnect(connectorId: string): Promise<ConnectResult | null> {
      const provider = deps.providerOf(connectorId)
      if (!provider) return null
      const accounts = parseAccounts(await provider.request({ method: 'solana_getAccounts' }))
      if (accounts.length === 0) return null
      return connected(connectorId, provider, accounts)
    },

    /** Core ends the session itself (every namespace at once): this side only forgets. */
    disconnect: async (connectorId: string) => forget(connectorId),

    /** Called when core takes the provider back or lends another. */
    forget,

    /** The accounts of the connection, as connected or since reported; else the session's. */
    async getAccounts(connectorId: string): Promise<AdapterAccount[]> {
      const provider = requireProvider(connectorId)
      const connection = connections.get(connectorId)
      if (connection) return connection.accounts
      return parseAccounts(await provider.request({ method: 'solana_getAccounts' }))
    },

    /** Solana has no switch request: the chain is recorded and reported, as for Wallet Standard. */
    switchTo(connectorId: string, network: Network) {
      requireProvider(connectorId)
      const chainReference = network.caipNetworkId.slice('solana:'.length)
      chains.set(connectorId, chainReference)
      deps.emit({ type: 'chainChanged', connectorId, chainReference })
    },

    /** The provider that signs for `address`, which must be one of the connection's accounts. */
    providerFor(connectorId: string, address: string): RemoteProvider {
      requireProvider(connectorId)
      const connection = connections.get(connectorId)
      if (!connection?.accounts.some((account) => account.address === address)) {
        throw new LatchError('ACCOUNT_NOT_FOUND_FOR_CONNECTOR', {
          values: { address, connectorId },
        })
      }
      return connection.provider
    },

    destroy() {
      for (const connectorId of [...connections.keys()]) forget(connectorId)
    },
  }
}

export type RemoteConnections = ReturnType<typeof createRemoteConnections>
