import { LatchError, type AdapterAccount, type AdapterEvent, type ConnectResult } from '@latch/core'
import { getAddress, hexToNumber, isAddress, isHex } from 'viem'
import { toEvmLatchError } from '../errors.js'
import { PERMISSION_REVOKE_TIMEOUT_MS, requestWithin, type Eip1193Provider } from '../provider.js'

/** SPEC §9: wallets that inject late get 1000 ms to appear before a silent reconnect gives up. */
export const ASYNC_INJECTION_WAIT_MS = 1_000

export interface ConnectionsDeps {
  /** The provider behind a connector, once discovery has seen it. */
  providerFor(connectorId: string): Eip1193Provider | undefined
  /** Calls back whenever discovery's list changes. */
  onProvidersChanged(listener: () => void): () => void
  emit(event: AdapterEvent): void
}

/** Wallet answers are untrusted: keep valid addresses only, checksummed. */
export function toAccounts(value: unknown): AdapterAccount[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((a): a is string => typeof a === 'string' && isAddress(a, { strict: false }))
    .map((address) => ({
      address: getAddress(address),
      type: 'eoa' as const,
    }))
}

export function toChainReference(value: unknown): string {
  if (typeof value === 'string' && isHex(value)) return String(hexToNumber(value))
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  throw new LatchError('CHAIN_NOT_SUPPORTED')
}

/**
 * The EIP-1193 side of connecting: prompts, silent reconnects, revoking, and the wallet's events
 * turned into core's adapter events (core decides what they mean).
 */
export function createConnections(deps: ConnectionsDeps) {
  const watching = new Map<string, () => void>()

  function watch(connectorId: string, provider: Eip1193Provider) {
    watching.get(connectorId)?.()
    const onAccounts = (accounts: unknown) =>
      deps.emit({ type: 'accountsChanged', connectorId, accounts: toAccounts(accounts) })
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
  ) {
    const chainId = await provider.request({ method: 'eth_chainId' })
    watch(connectorId, provider)
    return {
      connectorId,
      accounts: toAccounts(accounts),
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
      try {
        const accounts = await provider.request({ method: 'eth_requestAccounts' })
        return await connectedResult(connectorId, provider, accounts)
      } catch (error) {
        throw toEvmLatchError(error)
      }
    },

    /** Silent: eth_accounts only. `null` when the wallet is gone or no longer authorizes us. */
    async reconnect(connectorId: string, signal?: AbortSignal): Promise<ConnectResult | null> {
      const provider = await waitForProvider(connectorId, signal)
      if (!provider) return null
      const accounts = toAccounts(await provider.request({ method: 'eth_accounts' }))
      if (accounts.length === 0) return null
      return connectedResult(
        connectorId,
        provider,
        accounts.map((a) => a.address),
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

    async getAccounts(connectorId: string): Promise<AdapterAccount[]> {
      const provider = deps.providerFor(connectorId)
      if (!provider) throw new LatchError('PROVIDER_NOT_FOUND')
      return toAccounts(await provider.request({ method: 'eth_accounts' }))
    },

    destroy() {
      for (const stop of [...watching.values()]) stop()
    },
  }
}
