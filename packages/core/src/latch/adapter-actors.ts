import { fromPromise } from 'xstate'
import type { ChainAdapter, ConnectResult } from '../adapter/contract.js'
import type { AdapterRegistry } from '../adapter/registry.js'
import { AUTH_CONNECTOR_ID } from '../auth/auth-connector.js'
import { LatchError } from '../errors/latch-error.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type {
  ConnectWalletInput,
  ConnectWalletOutput,
  DisconnectWalletsInput,
  ReconnectCandidate,
} from '../machines/connection.types.js'
import type { Network } from '../network/network.js'
import { WALLETCONNECT_CONNECTOR_ID } from '../walletconnect/contract.js'
import type { WalletConnectLink } from '../walletconnect/link.js'
import type { LatchAuth } from '../auth/latch-auth.js'

function adapterFor(registry: AdapterRegistry, namespace: ChainNamespace): ChainAdapter {
  const adapter = registry.get(namespace)
  if (!adapter) throw new LatchError('ADAPTER_NOT_FOUND')
  return adapter
}

/**
 * The connection machine's actors, backed by the host's adapters. A WalletConnect session is
 * reached through the adapter of each namespace it covers (the link lends them its provider);
 * a namespace no adapter serves is read from the session itself (the basic connection).
 */
export function connectionActors(
  registry: AdapterRegistry,
  walletConnect?: WalletConnectLink,
  /** The namespace's active network, read when a reconnect runs (the instance is started). */
  activeNetworkOf: (namespace: ChainNamespace) => Network | undefined = () => undefined,
  /**
   * The embedded wallet (auth/latch-auth.ts): its session restored on load, signed out on
   * disconnect, and who is logged in carried on its connection (SPEC §3 embeddedWalletInfo).
   */
  auth?: Pick<LatchAuth, 'restore' | 'signOut' | 'embeddedWallet'>,
) {
  const fromSession = (namespace: ChainNamespace) => {
    const result = walletConnect?.sessionResult(namespace)
    if (!result) throw new LatchError('CONNECT_BEFORE_REQUEST')
    return result
  }
  /** No adapter of the namespace can take the session's provider: the session itself answers. */
  const servedBySession = (connectorId: string, namespace: ChainNamespace) =>
    connectorId === WALLETCONNECT_CONNECTOR_ID && !registry.get(namespace)?.setRemoteProvider
  /**
   * A WalletConnect session says which chain each of its accounts is on; an adapter asking the
   * wallet may not be able to (Solana's methods have no chain query). The session's chain is
   * also where the provider sends requests, so it is the connection's chain.
   */
  const onSessionChain = (result: ConnectResult, namespace: ChainNamespace): ConnectResult => {
    if (result.connectorId !== WALLETCONNECT_CONNECTOR_ID) return result
    const session = walletConnect?.sessionResult(namespace)
    return session ? { ...result, chainReference: session.chainReference } : result
  }
  /** The AUTH connector's answer also says who logged in (read once connected). */
  const withLogin = (result: ConnectResult): ConnectWalletOutput => {
    const embeddedWallet = result.connectorId === AUTH_CONNECTOR_ID && auth?.embeddedWallet()
    return embeddedWallet ? { ...result, embeddedWallet } : result
  }
  return {
    connectWallet: fromPromise<ConnectWalletOutput, ConnectWalletInput>(
      async ({ input, signal }) => {
        if (servedBySession(input.connector.id, input.namespace))
          return fromSession(input.namespace)
        const result = await adapterFor(registry, input.namespace).connect({
          connectorId: input.connector.id,
          ...(input.network ? { network: input.network } : {}),
          ...(input.preferredNetwork ? { preferredNetwork: input.preferredNetwork } : {}),
          signal,
        })
        return withLogin(input.network ? result : onSessionChain(result, input.namespace))
      },
    ),
    reconnectWallet: fromPromise<ConnectWalletOutput | null, ReconnectCandidate>(
      async ({ input, signal }) => {
        // SPEC §4: the frame loads only with the stored email-login flag; not connected clears it.
        if (input.connectorId === AUTH_CONNECTOR_ID && !(await auth?.restore(signal))) return null
        if (input.connectorId === WALLETCONNECT_CONNECTOR_ID) {
          if (!walletConnect?.available) return null
          const session = walletConnect.session ?? (await walletConnect.restore())
          if (!session) return null
          if (servedBySession(input.connectorId, input.namespace))
            return walletConnect.sessionResult(input.namespace)
        }
        const preferredNetwork = activeNetworkOf(input.namespace)
        const result = await adapterFor(registry, input.namespace).reconnect({
          connectorId: input.connectorId,
          ...(preferredNetwork ? { preferredNetwork } : {}),
          signal,
        })
        return result && withLogin(onSessionChain(result, input.namespace))
      },
    ),
    disconnectWallets: fromPromise<void, DisconnectWalletsInput>(async ({ input }) => {
      const isSession = (c: DisconnectWalletsInput['connections'][number]) =>
        c.connectorId === WALLETCONNECT_CONNECTOR_ID
      const results = await Promise.allSettled([
        ...input.connections
          .filter((c) => !isSession(c))
          .map((c) => adapterFor(registry, c.namespace).disconnect({ connectorId: c.connectorId })),
        // One session covers every namespace: end it once.
        ...(walletConnect && input.connections.some(isSession) ? [walletConnect.disconnect()] : []),
        // SPEC §4: disconnecting the embedded wallet signs out in the frame and clears the login cache.
        ...(auth && input.connections.some((c) => c.connectorId === AUTH_CONNECTOR_ID)
          ? [auth.signOut()]
          : []),
      ])
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
