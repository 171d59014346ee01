import { isBrowserWallet, type Connector } from '../connector/connector.js'
import { isWalletExcluded } from '../connector/exclusion.js'
import { RECOMMENDED_WALLETS_COUNT, recommendedWallets } from '../directory/local-directory.js'
import type { DirectoryWallet } from '../directory/wallet.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type {
  ConnectMethod,
  ConnectorOrderType,
  ResolvedFeatures,
  ResolvedOptions,
} from '../options/schema.js'
import { connectMethodOrder, orderWalletGroups } from '../router/connect-method-order.js'
import type { RecentWallet } from '../storage/keys.js'
import {
  connectableWallets,
  directoryItem,
  findInstalled,
  installedItem,
  type ConnectTarget,
  type ConnectorsByNamespace,
  walletConnectItem,
  type WalletItem,
} from './wallet-item.js'

/** The host options that shape wallet lists. */
export type WalletListOptions = Pick<
  ResolvedOptions,
  'connectorTypeOrder' | 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'
>

/** SPEC §9's recommended wallets under the host's options; installed wallets are listed apart. */
export function recommendedFor<W extends DirectoryWallet>(
  pool: readonly W[],
  options: Pick<WalletListOptions, 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>,
  installed: readonly ConnectTarget[],
): W[] {
  return recommendedWallets(pool, {
    featuredWalletIds: options.featuredWalletIds,
    includeWalletIds: options.includeWalletIds,
    excludeWalletIds: options.excludeWalletIds,
    installedRdns: installed.flatMap(({ connector }) => (connector.rdns ? [connector.rdns] : [])),
  })
}

export interface ConnectWalletListInput {
  connectors: ConnectorsByNamespace
  activeNamespace?: ChainNamespace
  /** SPEC §3 recent wallets from storage, most recent first. */
  recentWallets: readonly RecentWallet[]
  /** Directory wallets to recommend from (featured ones and the first page); empty until loaded. */
  directoryPool: readonly DirectoryWallet[]
  options: WalletListOptions
  /** The instance offers WalletConnect pairing (a loader and a project id). */
  walletConnect?: boolean
}

/**
 * The Connect view's wallet rows, in the host's connector-type order (SPEC §2):
 * - `recent`: recent wallets that are installed now, most recent first, tagged "recent";
 * - `injected`: the other injected and announced wallets, tagged "installed";
 * - `external`: other connectable wallets (external and multi-chain connectors);
 * - `featured` / `recommended`: up to 4 directory wallets (SPEC §9), the host's featured ones
 *   first, never an installed one (it is already listed). Installed wallets take the plain
 *   recommendations' places (issue 37: a compact Connect, as AppKit's): the installed, featured
 *   and recommended rows together stay within the 4, and only the host's featured ones go past it;
 * - `walletConnect`: the generic WalletConnect row (the QR view), when the instance offers it;
 *   directory wallets that are not installed then pair over it too;
 * - `custom` is empty until custom wallets exist.
 * Excluded wallets never appear (SPEC §5). A recent wallet that is no longer installed is left
 * out: nothing in this build could connect it.
 */
export function connectWalletList(input: ConnectWalletListInput): WalletItem[] {
  const { options } = input
  const installed = connectableWallets(
    input.connectors,
    options.excludeWalletIds,
    input.activeNamespace,
  )
  const recent = input.recentWallets
    .filter((wallet) => !isWalletExcluded(wallet, options.excludeWalletIds))
    .flatMap((wallet) => {
      const target = findInstalled(wallet, installed)
      return target ? [installedItem(target, 'recent')] : []
    })
  const recommended = recommendedFor(input.directoryPool, options, installed).map((wallet) =>
    directoryItem(wallet, installed, input.walletConnect),
  )
  const featured = new Set(options.featuredWalletIds)
  const featuredItems = recommended.filter((item) => featured.has(item.id))
  const room = Math.max(0, RECOMMENDED_WALLETS_COUNT - installed.length - featuredItems.length)
  const groups: Partial<Record<ConnectorOrderType, readonly WalletItem[]>> = {
    recent,
    injected: installed
      .filter((target) => isBrowserWallet(target.connector))
      .map((target) => installedItem(target, 'installed')),
    external: installed
      .filter((target) => !isBrowserWallet(target.connector))
      .map((target) => installedItem(target)),
    featured: featuredItems,
    recommended: recommended.filter((item) => !featured.has(item.id)).slice(0, room),
    walletConnect: input.walletConnect ? [walletConnectItem()] : [],
  }
  return orderWalletGroups(options.connectorTypeOrder, groups)
}

export interface ConnectMethodsInput {
  features: Pick<ResolvedFeatures, 'email' | 'socials' | 'connectMethodsOrder'>
  connectors: ConnectorsByNamespace
  excludeWalletIds: readonly string[]
}

/**
 * The Connect view's method order (SPEC §2, see {@link connectMethodOrder}) from the features in
 * force and the wallets discovered so far; an excluded wallet is not "visible", so it does not
 * move wallets first.
 */
export function connectMethodsFor(input: ConnectMethodsInput): ConnectMethod[] {
  const visible = Object.values(input.connectors)
    .flatMap((list): readonly Connector[] => list ?? [])
    .filter((connector) => isBrowserWallet(connector))
    .filter((connector) => !isWalletExcluded(connector, input.excludeWalletIds))
  const { email, socials, connectMethodsOrder } = input.features
  return connectMethodOrder({
    emailEnabled: email,
    socialsEnabled: socials !== false && socials.length > 0,
    ...(connectMethodsOrder ? { configuredOrder: connectMethodsOrder } : {}),
    connectors: visible,
  })
}
