import type { ConnectResult } from '../adapter/contract.js'
import { LatchError } from '../errors/latch-error.js'
import { isCaipAddress, parseCaipAddress } from '../identifiers/caip.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { AdapterRegistry } from '../adapter/registry.js'
import {
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectClient,
  type WalletConnectConfig,
  type WalletConnectLoader,
  type WalletConnectSession,
} from './contract.js'

/**
 * One Latch instance's tie to WalletConnect: the client (loaded on first use, at most once),
 * the session in force, and the adapters it is lent to. Nothing is loaded until a visitor pairs
 * or a remembered session is restored.
 */
export interface WalletConnectLink {
  /** False when the host gave no loader or no project id: WalletConnect is not offered. */
  readonly available: boolean
  /** The client, loaded and created once; a failed load is retried on the next call. */
  client(): Promise<WalletConnectClient>
  /** The session an earlier page left, lent to the adapters; null when there is none. */
  restore(): Promise<WalletConnectSession | null>
  /** Lends the session's namespaces to the adapters that serve them. */
  attach(session: WalletConnectSession): Promise<void>
  /** The session in force, if any. */
  readonly session: WalletConnectSession | undefined
  /**
   * A namespace's connection read from the session itself, for namespaces no adapter serves
   * (the basic connection of SPEC §2 rule 2).
   */
  sessionResult(namespace: ChainNamespace): ConnectResult | null
  /** Ends the session and takes the providers back. Never rejects. */
  disconnect(): Promise<void>
  onSessionDeleted(listener: () => void): () => void
  /** Closes the client, if one was loaded (the instance is being destroyed). Never rejects. */
  close(): Promise<void>
}

export function createWalletConnectLink(deps: {
  loader?: WalletConnectLoader
  /**
   * Built when the client is first loaded, so an instance that never pairs never builds it (nor
   * downloads what builds it: it may be a dynamic import).
   */
  config: () => WalletConnectConfig | Promise<WalletConnectConfig>
  projectId: string
  registry: AdapterRegistry
}): WalletConnectLink {
  const { loader, config, projectId, registry } = deps
  let loading: Promise<WalletConnectClient> | undefined
  let session: WalletConnectSession | undefined
  const deletedListeners = new Set<() => void>()

  const detach = () => {
    session = undefined
    for (const adapter of registry.values())
      adapter.setRemoteProvider?.(WALLETCONNECT_CONNECTOR_ID, undefined)
  }

  const link: WalletConnectLink = {
    available: Boolean(loader && projectId),
    client() {
      if (!loader || !projectId)
        return Promise.reject(new LatchError('WALLET_CONNECT_CONNECTOR_NOT_FOUND'))
      loading ??= Promise.resolve()
        .then(config)
        .then(loader)
        .then(
          (client) => {
            client.onSessionDeleted(() => {
              detach()
              deletedListeners.forEach((listener) => listener())
            })
            return client
          },
          (cause: unknown) => {
            loading = undefined
            throw new LatchError('SIGN_CLIENT_NOT_INITIALIZED', { cause })
          },
        )
      return loading
    },
    async restore() {
      if (!link.available) return null
      const client = await link.client()
      const restored = await client.restore()
      if (restored) await link.attach(restored)
      return restored
    },
    async attach(next) {
      session = next
      const client = await link.client()
      if (session !== next) return
      for (const [namespace, adapter] of registry) {
        if (next.accounts[namespace]?.length)
          adapter.setRemoteProvider?.(WALLETCONNECT_CONNECTOR_ID, client.providerFor(namespace))
      }
    },
    get session() {
      return session
    },
    sessionResult(namespace) {
      const ids = session?.accounts[namespace] ?? []
      // The wallet's ids are untrusted: only well-formed CAIP-10 ids of this namespace count.
      const parsed = ids
        .filter(isCaipAddress)
        .map(parseCaipAddress)
        .filter((id) => id.chainNamespace === namespace)
        .map(({ chainReference: reference, address }) => ({ reference, address }))
      const first = parsed[0]
      if (!first) return null
      return {
        connectorId: WALLETCONNECT_CONNECTOR_ID,
        accounts: parsed
          .filter((p) => p.reference === first.reference)
          .map((p) => ({ address: p.address, type: 'eoa' as const })),
        chainReference: first.reference,
      }
    },
    async disconnect() {
      const client = loading ? await loading.catch(() => undefined) : undefined
      detach()
      await client?.disconnect().catch(() => undefined)
    },
    onSessionDeleted(listener) {
      deletedListeners.add(listener)
      return () => deletedListeners.delete(listener)
    },
    async close() {
      const client = loading ? await loading.catch(() => undefined) : undefined
      loading = undefined
      session = undefined
      await client?.close?.().catch(() => undefined)
    },
  }
  return link
}
