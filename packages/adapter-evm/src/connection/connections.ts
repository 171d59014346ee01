import {
  ASYNC_INJECTION_WAIT_MS,
  LatchError,
  assertEvmChainId,
  type AdapterAccount,
  type AdapterEvent,
  type ConnectResult,
} from '@latch/core'
import { loadEvmKit, type EvmKit } from '../load-evm-kit.js'
import { PERMISSION_REVOKE_TIMEOUT_MS, requestWithin, type Eip1193Provider } from '../provider.js'

// SPEC §9 (core's value): wallets that inject late get this long to appear before a silent
// reconnect gives up.
export { ASYNC_INJECTION_WAIT_MS }

export interface ConnectionsDeps {
  /** The provider behind a connector, once discovery has seen it. */
  providerFor(connectorId: string): Eip1193Provider | undefined
  /** Calls back whenever discovery's list changes. */
  onProvidersChanged(listener: () => void): () => void
  emit(event: AdapterEvent): void
}

/**
 * A wallet's chain id (`0x7a69`, or a number from older wallets) as the decimal reference core
 * uses, checked by core's SPEC §5 rule. Anything else is CHAIN_NOT_SUPPORTED.
 */
export function toChainReference(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') {
    try {
      return String(assertEvmChainId(value))
    } catch {
      // Not a chain id at all: reported as a chain Latch cannot use, below.
    }
  }
  throw new LatchError('CHAIN_NOT_SUPPORTED')
}

/**
 * The EIP-1193 side of connecting: prompts, silent reconnects, revoking, and the wallet's events
 * turned into core's adapter events (core decides what they mean).
 */
export function createConnections(deps: ConnectionsDeps) {
  const watching = new Map<string, () => void>()

  // Only after a connection, so viem (for checksums) is already loaded and events stay synchronous.
  function watch(connectorId: string, provider: Eip1193Provider, kit: EvmKit) {
    watching.get(connectorId)?.()
    const onAccounts = (accounts: unknown) =>
      deps.emit({ type: 'accountsChanged', connectorId, accounts: kit.toAccounts(accounts) })
    const onChain = (chainId: unknown) => {
      try {
        deps.emit({ type: 'chainChanged', connectorId, chainReference: toChainReference(chainId) })
      } catch {
        // A malformed chain id from the wallet is ignored rather than trusted.
      }
    }
    const onDisconnect = () => deps.emit({ type: 'disconnect', connectorId })
    provider.on?.('accountsChanged', onAccounts as never)
    provider.on?.('chainChanged', onChain as never)
    provider.on?.('disconnect', onDisconnect as never)
    watching.set(connectorId, () => {
      provider.removeListener?.('accountsChanged', onAccounts as never)
      provider.removeListener?.('chainChanged', onChain as never)
      provider.removeListener?.('disconnect', onDisconnect as never)
      watching.delete(connectorId)
    })
  }

  async function connectedResult(
    connectorId: string,
    provider: Eip1193Provider,
    accounts: unknown,
    kit: EvmKit,
  ) {
    const chainId = await provider.request({ method: 'eth_chainId' })
    watch(connectorId, provider, kit)
    return {
      connectorId,
      accounts: kit.toAccounts(accounts),
      chainReference: toChainReference(chainId),
    }
  }

  function waitForProvider(connectorId: string, signal?: AbortSignal) {
    const now = deps.providerFor(connectorId)
    if (now) return Promise.resolve(now)
    return new Promise<Eip1193Provider | undefined>((resolve) => {
      const done = (provider: Eip1193Provider | undefined) => {
        clearTimeout(timer)
        stop()
        signal?.removeEventListener('abort', onAbort)
        resolve(provider)
      }
      const onAbort = () => done(undefined)
      const timer = setTimeout(() => done(undefined), ASYNC_INJECTION_WAIT_MS)
      const stop = deps.onProvidersChanged(() => {
        const provider = deps.providerFor(connectorId)
        if (provider) done(provider)
      })
      signal?.addEventListener('abort', onAbort)
    })
  }

  return {
    async connect(connectorId: string): Promise<ConnectResult> {
      const provider = deps.providerFor(connectorId)
      if (!provider) throw new LatchError('PROVIDER_NOT_FOUND')
      // viem loads while the wallet asks the user; a failed load is reported by the await below.
      const kit = loadEvmKit()
      kit.catch(() => undefined)
      try {
        const accounts = await provider.request({ method: 'eth_requestAccounts' })
        return await connectedResult(connectorId, provider, accounts, await kit)
      } catch (error) {
        throw (await kit).toEvmLatchError(error)
      }
    },

    /** Silent: eth_accounts only. `null` when the wallet is gone or no longer authorizes us. */
    async reconnect(connectorId: string, signal?: AbortSignal): Promise<ConnectResult | null> {
      const provider = await waitForProvider(connectorId, signal)
      if (!provider) return null
      const answer = await provider.request({ method: 'eth_accounts' })
      // A wallet that no longer authorizes the site costs no viem download.
      if (!Array.isArray(answer) || answer.length === 0) return null
      const kit = await loadEvmKit()
      const accounts = kit.toAccounts(answer)
      if (accounts.length === 0) return null
      return connectedResult(
        connectorId,
        provider,
        accounts.map((a) => a.address),
        kit,
      )
    },

    async disconnect(connectorId: string): Promise<void> {
      watching.get(connectorId)?.()
      const provider = deps.providerFor(connectorId)
      if (!provider) return
      // Wallets that support it forget the site; the others never answer, so don't wait long.
      await requestWithin(
        provider,
        { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] },
        PERMISSION_REVOKE_TIMEOUT_MS,
      ).catch(() => undefined)
    },

    /** Stops listening to a connector's wallet without asking it anything. */
    forget(connectorId: string) {
      watching.get(connectorId)?.()
    },

    async getAccounts(connectorId: string): Promise<AdapterAccount[]> {
      const provider = deps.providerFor(connectorId)
      if (!provider) throw new LatchError('PROVIDER_NOT_FOUND')
      const answer = await provider.request({ method: 'eth_accounts' })
      return (await loadEvmKit()).toAccounts(answer)
    },

    destroy() {
      for (const stop of [...watching.values()]) stop()
    },
  }
}
