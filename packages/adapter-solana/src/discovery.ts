import { isWalletExcluded, type Connector } from '@latch/core'
import { getWallets } from '@wallet-standard/app'
import { isCompatibleWallet, type SolanaWallet, type Wallet } from './wallet.js'

/** A Wallet Standard wallet, as core sees it. Its id is the wallet's name. */
export interface SolanaConnector extends Connector {
  readonly type: 'ANNOUNCED'
  readonly chain: 'solana'
}

export interface SolanaDiscovery {
  /** The visible compatible wallets, in registration order. */
  getConnectors(): readonly SolanaConnector[]
  /** Calls `listener` with the full list each time it changes. Returns an unsubscribe. */
  subscribe(listener: (connectors: readonly SolanaConnector[]) => void): () => void
  getWallet(connectorId: string): SolanaWallet | undefined
  destroy(): void
}

const EMPTY: readonly SolanaConnector[] = Object.freeze([])

/**
 * Wallet Standard discovery through `@wallet-standard/app`'s `getWallets()`: the wallets already
 * registered, then every `register` / `unregister` for the page's life. `getWallets()` reads the
 * global `window` on its first call, which happens here, never at import.
 *
 * Wallets are untrusted: their name and icon go into the connector untouched (core sanitises
 * them), and the first wallet to claim a name keeps it, so a page script cannot take over a known
 * wallet's id (and the reconnect record keyed by it) by registering a look-alike.
 */
export function createSolanaDiscovery(excludeWalletIds: readonly string[]): SolanaDiscovery {
  const api = getWallets()
  const byName = new Map<string, { wallet: SolanaWallet; connector: SolanaConnector }>()
  const listeners = new Set<(connectors: readonly SolanaConnector[]) => void>()
  let connectors = EMPTY

  const add = (wallet: Wallet) => {
    if (!isCompatibleWallet(wallet) || byName.has(wallet.name)) return
    byName.set(wallet.name, {
      wallet,
      connector: Object.freeze({
        id: wallet.name,
        type: 'ANNOUNCED',
        name: wallet.name,
        ...(typeof wallet.icon === 'string' ? { imageUrl: wallet.icon } : {}),
        chain: 'solana',
      }),
    })
  }
  const update = () => {
    const next = [...byName.values()]
      .map(({ connector }) => connector)
      .filter((connector) => !isWalletExcluded(connector, excludeWalletIds))
    if (next.length === connectors.length && next.every((c, i) => c === connectors[i])) return
    connectors = Object.freeze(next)
    for (const listener of [...listeners]) listener(connectors)
  }

  api.get().forEach(add)
  update()
  const offRegister = api.on('register', (...wallets) => {
    wallets.forEach(add)
    update()
  })
  const offUnregister = api.on('unregister', (...wallets) => {
    for (const wallet of wallets) {
      // Only the wallet that holds the name leaves with it, not a look-alike that was ignored.
      if (byName.get(wallet.name)?.wallet === wallet) byName.delete(wallet.name)
    }
    update()
  })

  return {
    getConnectors: () => connectors,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getWallet(connectorId) {
      const entry = byName.get(connectorId)
      if (!entry || isWalletExcluded(entry.connector, excludeWalletIds)) return undefined
      return entry.wallet
    },
    destroy() {
      offRegister()
      offUnregister()
      listeners.clear()
      byName.clear()
      connectors = EMPTY
    },
  }
}
