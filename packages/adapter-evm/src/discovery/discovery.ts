import { ASYNC_INJECTION_WAIT_MS, isWalletExcluded } from '@latch/core'
import type { EIP6963AnnounceProviderEvent, EIP6963RequestProviderEvent } from 'mipd'
import type { Eip1193Provider } from '../provider.js'
import { isEip1193Provider, parseAnnouncement } from './announcement.js'
import {
  announcedConnector,
  INJECTED_CONNECTOR_ID,
  injectedConnector,
  type EvmConnector,
} from './evm-connector.js'

// SPEC §9 "Async-injection wait" (core's value): window.ethereum is looked at again this long
// after start.
export { ASYNC_INJECTION_WAIT_MS }

const ANNOUNCE: EIP6963AnnounceProviderEvent['type'] = 'eip6963:announceProvider'
const REQUEST: EIP6963RequestProviderEvent['type'] = 'eip6963:requestProvider'

/** The part of `window` discovery uses; a real `Window` is one. */
export interface DiscoveryWindow {
  addEventListener(type: string, listener: (event: Event) => void): void
  removeEventListener(type: string, listener: (event: Event) => void): void
  dispatchEvent(event: Event): boolean
  /** The window's own Event constructor, so events are made in the window's realm. */
  Event?: typeof Event
  ethereum?: unknown
}

export interface EvmDiscoveryOptions {
  /** SPEC §5: wallets to hide, matched by id, rdns or name (see core's `isWalletExcluded`). */
  excludeWalletIds?: readonly string[]
  /** Defaults to the global `window`; without one (a server), discovery finds nothing. */
  window?: DiscoveryWindow
}

export interface EvmDiscovery {
  /** The visible wallets: announced ones in first-seen order, then the window.ethereum fallback. */
  getConnectors(): readonly EvmConnector[]
  /** Calls `listener` with the full list each time it changes (not at once). Returns an unsubscribe. */
  subscribe(listener: (connectors: readonly EvmConnector[]) => void): () => void
  /** The provider behind a visible connector, or `undefined` for an unknown or hidden id. */
  getProvider(connectorId: string): Eip1193Provider | undefined
  /** Stops listening and forgets every wallet. Safe to call twice. */
  destroy(): void
}

interface AnnouncedWallet {
  connector: EvmConnector
  provider: Eip1193Provider
}

const EMPTY: readonly EvmConnector[] = Object.freeze([])

/**
 * Browser-wallet discovery for EVM: EIP-6963 announcements for the page's whole life, plus the
 * legacy `window.ethereum` when no announced wallet is that same provider.
 *
 * Nothing runs until this is called. It listens for `eip6963:announceProvider`, then dispatches
 * `eip6963:requestProvider` (wallets answer synchronously, so their answers are in
 * {@link EvmDiscovery.getConnectors} when this returns), and looks at window.ethereum again after
 * {@link ASYNC_INJECTION_WAIT_MS} for wallets that inject late.
 *
 * Announcements are untrusted input: any script on the page can dispatch one. Each is validated
 * (see `walletInfoSchema`), and the first wallet to claim an rdns keeps it: a later provider
 * claiming a known rdns is ignored, so a page script cannot take over a known wallet's id (and
 * with it, the "recent wallet" and reconnect records keyed by that id). Extension wallets add their
 * requestProvider listeners from document-start content scripts, before any page script, so they
 * answer the request first.
 *
 * mipd supplies the event contract (names and types). Its `requestProviders` and `createStore`
 * are not used: they listen on the global `window` only, dedupe by uuid rather than rdns, and read
 * `detail.info.uuid` before anything is validated, so a malformed announcement throws inside them.
 */
export function createEvmDiscovery(options: EvmDiscoveryOptions = {}): EvmDiscovery {
  const excluded = options.excludeWalletIds ?? []
  const target: DiscoveryWindow | undefined =
    options.window ?? (typeof window === 'undefined' ? undefined : window)
  const announced = new Map<string, AnnouncedWallet>()
  const listeners = new Set<(connectors: readonly EvmConnector[]) => void>()
  let injected: Eip1193Provider | undefined
  let connectors = EMPTY
  let destroyed = false
  let injectionTimer: ReturnType<typeof setTimeout> | undefined

  const visibleInjected = (): Eip1193Provider | undefined => {
    if (injected === undefined) return undefined
    // Compared with every announced wallet, hidden ones included: excluding a wallet by rdns
    // must not let it back in as "Browser Wallet".
    for (const wallet of announced.values()) if (wallet.provider === injected) return undefined
    return isWalletExcluded(injectedConnector, excluded) ? undefined : injected
  }

  const update = () => {
    const next: EvmConnector[] = []
    for (const { connector } of announced.values()) {
      if (!isWalletExcluded(connector, excluded)) next.push(connector)
    }
    if (visibleInjected() !== undefined) next.push(injectedConnector)
    if (next.length === connectors.length && next.every((c, i) => c === connectors[i])) return
    connectors = Object.freeze(next)
    for (const listener of [...listeners]) listener(connectors)
  }

  const onAnnounce = (event: Event) => {
    if (destroyed) return
    const announcement = parseAnnouncement((event as Partial<CustomEvent>).detail)
    if (announcement === undefined || announced.has(announcement.info.rdns)) return
    announced.set(announcement.info.rdns, {
      connector: announcedConnector(announcement.info),
      provider: announcement.provider,
    })
    update()
  }

  const checkInjected = () => {
    if (destroyed || target === undefined) return
    let value: unknown
    try {
      value = target.ethereum
    } catch {
      return // A throwing getter: treat as no injected wallet.
    }
    if (isEip1193Provider(value)) injected = value
    update()
  }

  if (target !== undefined) {
    target.addEventListener(ANNOUNCE, onAnnounce)
    const EventConstructor = target.Event ?? Event
    target.dispatchEvent(new EventConstructor(REQUEST))
    checkInjected()
    injectionTimer = setTimeout(checkInjected, ASYNC_INJECTION_WAIT_MS)
  }

  return {
    getConnectors: () => connectors,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getProvider(connectorId) {
      if (destroyed) return undefined
      if (connectorId === INJECTED_CONNECTOR_ID) return visibleInjected()
      const wallet = announced.get(connectorId)
      if (wallet === undefined || isWalletExcluded(wallet.connector, excluded)) return undefined
      return wallet.provider
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(injectionTimer)
      target?.removeEventListener(ANNOUNCE, onAnnounce)
      listeners.clear()
      announced.clear()
      injected = undefined
      connectors = EMPTY
    },
  }
}
