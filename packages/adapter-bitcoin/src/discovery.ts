import { ASYNC_INJECTION_WAIT_MS, isWalletExcluded } from '@latch/core'
import { getWallets } from '@wallet-standard/app'
import { satsConnectProviders, type AnnouncedProvider } from './connectors/btc-providers.js'
import {
  isBitcoinStandardWallet,
  type BitcoinStandardWallet,
  type Wallet,
} from './connectors/standard-features.js'
import type { BitcoinConnector } from './connectors/types.js'

/**
 * A discovered wallet: its connector and what speaks to it. The faces that talk to it are made
 * from this in the runtime chunk, so discovery itself stays small (it is start-up JS).
 */
export type DiscoveredWallet =
  | { readonly connector: BitcoinConnector; readonly wallet: BitcoinStandardWallet }
  | {
      readonly connector: BitcoinConnector
      readonly provider: AnnouncedProvider['provider']
      readonly methods: AnnouncedProvider['methods']
    }

export interface BitcoinDiscovery {
  /**
   * The visible wallets: Wallet Standard ones in registration order, then sats-connect ones, less
   * any provider named as a Wallet Standard wallet is (the same wallet's other face).
   */
  getConnectors(): readonly BitcoinConnector[]
  /** Calls `listener` with the full list each time it changes. Returns an unsubscribe. */
  subscribe(listener: (connectors: readonly BitcoinConnector[]) => void): () => void
  /** The wallet behind a connector id (the provider list is read again first). */
  getWallet(connectorId: string): DiscoveredWallet | undefined
  destroy(): void
}

const EMPTY: readonly BitcoinConnector[] = Object.freeze([])

/** When `btc_providers` is read again: WBIP-004 has no announcement event, and extensions may inject late. */
const RESCANS_MS = [100, ASYNC_INJECTION_WAIT_MS, 3 * ASYNC_INJECTION_WAIT_MS] as const

const connectorOf = (id: string, name: string, icon: unknown): BitcoinConnector =>
  Object.freeze({
    id,
    type: 'ANNOUNCED',
    name,
    ...(typeof icon === 'string' ? { imageUrl: icon } : {}),
    chain: 'bip122',
  })

/**
 * Both ways Bitcoin wallets show themselves: the Wallet Standard (`getWallets()` of
 * `@wallet-standard/app`, wallets with `bitcoin:connect`; connector id = the wallet's name) and
 * sats-connect's `window.btc_providers` (WBIP-004; connector id = the provider's id). Both read
 * the global `window` on the first call, which happens here, never at import.
 *
 * Wallets are untrusted: names and icons go into connectors untouched (core sanitises them), and
 * the first wallet to claim an id keeps it, so a page script cannot take over a known wallet's id
 * (and the reconnect record keyed by it) by registering a look-alike.
 */
export function createBitcoinDiscovery(excludeWalletIds: readonly string[]): BitcoinDiscovery {
  const api = getWallets()
  const standard = new Map<string, DiscoveredWallet & { wallet: BitcoinStandardWallet }>()
  const announced = new Map<string, DiscoveredWallet & { provider: object }>()
  const listeners = new Set<(connectors: readonly BitcoinConnector[]) => void>()
  let connectors = EMPTY

  const addWallet = (wallet: Wallet) => {
    if (!isBitcoinStandardWallet(wallet) || standard.has(wallet.name)) return
    standard.set(wallet.name, {
      connector: connectorOf(wallet.name, wallet.name, wallet.icon),
      wallet,
    })
  }
  /** Reads `btc_providers` again: new providers join, those no longer listed leave. */
  const scanProviders = () => {
    const listed = satsConnectProviders()
    const ids = new Set(listed.map((entry) => entry.id))
    for (const id of [...announced.keys()]) if (!ids.has(id)) announced.delete(id)
    listed.forEach(addProvider)
  }
  const addProvider = ({ id, name, icon, provider, methods }: AnnouncedProvider) => {
    if (standard.has(id)) return
    // The same id announced again with a new provider object (the wallet re-injected): the new one.
    if (announced.get(id)?.provider === provider) return
    announced.set(id, { connector: connectorOf(id, name, icon), provider, methods })
  }
  // A wallet that shows both faces (Xverse, Leather, the dev wallet) announces the same name on
  // each: one row, its Wallet Standard face. The hidden provider stays reachable by its id, so a
  // visitor who connected through it reconnects through it.
  const visible = () => {
    const standardNames = new Set(standard.keys())
    const providers = [...announced.values()].filter(
      ({ connector }) => !standardNames.has(connector.name),
    )
    return [...standard.values(), ...providers]
      .map(({ connector }) => connector)
      .filter((connector) => !isWalletExcluded(connector, excludeWalletIds))
  }
  const update = () => {
    const next = visible()
    if (next.length === connectors.length && next.every((c, i) => c === connectors[i])) return
    connectors = Object.freeze(next)
    for (const listener of [...listeners]) listener(connectors)
  }

  api.get().forEach(addWallet)
  scanProviders()
  update()
  const offRegister = api.on('register', (...wallets) => {
    wallets.forEach(addWallet)
    update()
  })
  const offUnregister = api.on('unregister', (...wallets) => {
    for (const wallet of wallets) {
      // Only the wallet that holds the name leaves with it, not a look-alike that was ignored.
      if (standard.get(wallet.name)?.wallet === wallet) standard.delete(wallet.name)
    }
    update()
  })
  const timers = RESCANS_MS.map((delay) =>
    setTimeout(() => {
      scanProviders()
      update()
    }, delay),
  )

  return {
    getConnectors: () => connectors,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getWallet(connectorId) {
      if (!standard.has(connectorId)) {
        scanProviders()
        update()
      }
      const found = standard.get(connectorId) ?? announced.get(connectorId)
      if (!found || isWalletExcluded(found.connector, excludeWalletIds)) return undefined
      return found
    },
    destroy() {
      timers.forEach(clearTimeout)
      offRegister()
      offUnregister()
      listeners.clear()
      standard.clear()
      announced.clear()
      connectors = EMPTY
    },
  }
}
