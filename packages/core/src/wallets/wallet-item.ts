import type { Connector } from '../connector/connector.js'
import { isWalletExcluded } from '../connector/exclusion.js'
import { generateWalletIcon, walletIconUrl } from '../directory/icon.js'
import type { DirectoryWallet } from '../directory/wallet.js'
import { declaredNativeSchemes, isHttpsUrl, isSafeWalletLink } from '../directory/wallet-link.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { ConnectorInfo } from '../machines/connection.types.js'
import { WALLETCONNECT_CONNECTOR_ID } from '../walletconnect/contract.js'

// Kept importable from here: core's session connect (latch/session-connect.ts) imports it here.
export { safeImageUrl } from '../directory/image-url.js'

/** Connectors each adapter has discovered, per namespace (the root context's `connectors`). */
export type ConnectorsByNamespace = Partial<Record<ChainNamespace, readonly Connector[]>>

/** Why a wallet is listed, shown as a tag beside its name. */
export type WalletTag = 'recent' | 'installed'

/** What the connection machine's CONNECT needs to reach one wallet. */
export interface ConnectTarget {
  connector: ConnectorInfo
  namespace: ChainNamespace
}

/** A place to get a wallet that cannot be connected here yet. */
export interface WalletLink {
  kind: 'homepage' | 'desktop' | 'mobile' | 'webapp'
  href: string
}

/**
 * One row of a wallet list (Connect, AllWallets). Names and icons may come from the wallet
 * itself: views render `name` as text and `imageUrl` only as an `<img src>`.
 */
export interface WalletItem {
  /** Unique within a list: the connector id, or the directory id. */
  id: string
  name: string
  /** Always set: the wallet's own https/data:image icon, or a generated one. */
  imageUrl: string
  tag?: WalletTag
  /** Set when the wallet is installed or announced: choosing it connects it. */
  connect?: ConnectTarget
  /** Where to get the wallet; empty for an installed one. */
  links: readonly WalletLink[]
  /**
   * Set when choosing the row pairs over WalletConnect (the QR view): the generic WalletConnect
   * row, or a directory wallet that is not installed here (its deep links use `walletId`).
   */
  pair?: { walletId?: string }
}

/** The connector fields a connection keeps (never the provider or other live objects). */
export function toConnectorInfo(connector: Connector): ConnectorInfo {
  const { id, type, name, imageUrl, rdns } = connector
  return { id, type, name, ...(imageUrl ? { imageUrl } : {}), ...(rdns ? { rdns } : {}) }
}

// Types whose wallets this build can connect from a list. WALLET_CONNECT (pairing, issue 5) and
// AUTH (email and social, their own sections) are not wallet rows.
const LISTED_TYPES = new Set<Connector['type']>([
  'INJECTED',
  'ANNOUNCED',
  'EXTERNAL',
  'MULTI_CHAIN',
])

/**
 * The wallets that can be connected from a list, each once: not excluded (SPEC §5), listable
 * types only, and a wallet that several adapters discovered is offered in the active namespace
 * (else the first namespace that has it), so choosing it connects where the user is.
 */
export function connectableWallets(
  connectors: ConnectorsByNamespace,
  excludeWalletIds: readonly string[],
  activeNamespace?: ChainNamespace,
): ConnectTarget[] {
  const namespaces = Object.keys(connectors).sort((a, b) =>
    a === activeNamespace ? -1 : b === activeNamespace ? 1 : 0,
  )
  const seen = new Set<string>()
  const targets: ConnectTarget[] = []
  for (const namespace of namespaces) {
    for (const connector of connectors[namespace] ?? []) {
      if (!LISTED_TYPES.has(connector.type) || seen.has(connector.id)) continue
      if (isWalletExcluded(connector, excludeWalletIds)) continue
      seen.add(connector.id)
      targets.push({ connector: toConnectorInfo(connector), namespace })
    }
  }
  return targets
}

/** The connector of `connectorId`, preferring the active namespace; undefined when not discovered. */
export function findConnectTarget(
  connectors: ConnectorsByNamespace,
  connectorId: string,
  activeNamespace?: ChainNamespace,
): ConnectTarget | undefined {
  return connectableWallets(connectors, [], activeNamespace).find(
    (target) => target.connector.id === connectorId,
  )
}

/** The installed wallet behind a directory or recent entry: same id, or same EIP-6963 rdns. */
export function findInstalled(
  wallet: { id: string; rdns?: string },
  installed: readonly ConnectTarget[],
): ConnectTarget | undefined {
  return installed.find(
    ({ connector }) =>
      connector.id === wallet.id || (wallet.rdns !== undefined && connector.rdns === wallet.rdns),
  )
}

/**
 * A directory wallet's links, homepage first. Each is checked again here although the directory
 * validated it: these become `<a href>`, so only https and the wallet's own declared native
 * scheme (core's allowlist, isSafeWalletLink) ever get through.
 */
export function walletLinks(wallet: DirectoryWallet): readonly WalletLink[] {
  // Lists rebuild their rows on every keystroke; a directory entry's links never change.
  const cached = linksCache.get(wallet)
  if (cached) return cached
  const declared = declaredNativeSchemes(wallet.mobileLink, wallet.desktopLink)
  const isAppLink = (href: unknown) => isSafeWalletLink(href, declared)
  const candidates: Array<[WalletLink['kind'], string | undefined, (v: unknown) => boolean]> = [
    ['homepage', wallet.homepage, isHttpsUrl],
    ['desktop', wallet.desktopLink, isAppLink],
    ['mobile', wallet.mobileLink, isAppLink],
    ['webapp', wallet.webappLink, isHttpsUrl],
  ]
  const links = candidates.flatMap(([kind, href, isSafe]) =>
    href !== undefined && isSafe(href) ? [{ kind, href }] : [],
  )
  linksCache.set(wallet, links)
  return links
}

const linksCache = new WeakMap<DirectoryWallet, readonly WalletLink[]>()

/** A discovered wallet as a row: choosing it connects it. */
export function installedItem(target: ConnectTarget, tag?: WalletTag): WalletItem {
  const { connector } = target
  return {
    id: connector.id,
    name: connector.name,
    imageUrl: walletIconUrl(connector),
    ...(tag ? { tag } : {}),
    connect: target,
    links: [],
  }
}

/**
 * A directory wallet as a row: connectable when installed; otherwise paired over WalletConnect
 * when the instance offers it (`pairable`), with its links either way.
 */
export function directoryItem(
  wallet: DirectoryWallet,
  installed: readonly ConnectTarget[],
  pairable = false,
): WalletItem {
  const target = findInstalled(wallet, installed)
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: walletIconUrl(wallet),
    ...(target ? { tag: 'installed' as const, connect: target } : {}),
    links: target ? [] : walletLinks(wallet),
    ...(!target && pairable ? { pair: { walletId: wallet.id } } : {}),
  }
}

/** The generic WalletConnect row: any wallet that can scan the QR code. */
export function walletConnectItem(): WalletItem {
  return {
    id: WALLETCONNECT_CONNECTOR_ID,
    name: WALLETCONNECT_NAME,
    imageUrl: generateWalletIcon(WALLETCONNECT_NAME, WALLETCONNECT_CONNECTOR_ID),
    links: [],
    pair: {},
  }
}

/** The protocol's own name (a proper noun, like a wallet name: never translated). */
export const WALLETCONNECT_NAME = 'WalletConnect'
