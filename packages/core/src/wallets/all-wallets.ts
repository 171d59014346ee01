import { isWalletExcluded } from '../connector/exclusion.js'
import type { DirectoryWallet } from '../directory/wallet.js'
import type { ChainNamespace } from '../identifiers/types.js'
import { recommendedFor, type WalletListOptions } from './connect-wallets.js'
import {
  connectableWallets,
  directoryItem,
  type ConnectorsByNamespace,
  type WalletItem,
} from './wallet-item.js'

export interface AllWalletsListInput {
  /** The search in force ('' when not searching). */
  search: string
  /** The directory wallets loaded so far (pages, or the search results). */
  wallets: readonly DirectoryWallet[]
  /** The wallets to recommend from (featured ones, then the first page). */
  pool: readonly DirectoryWallet[]
  connectors: ConnectorsByNamespace
  activeNamespace?: ChainNamespace
  options: Pick<WalletListOptions, 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>
  /** The instance offers WalletConnect: wallets that are not installed pair over it. */
  walletConnect?: boolean
}

/**
 * The AllWallets rows: when not searching, up to 4 recommended wallets first (SPEC §9, the
 * host's featured ones leading), then the directory in its order without repeating them; when
 * searching, the results alone. Excluded wallets are hidden even if a directory sends them
 * (SPEC §5). An installed wallet is tagged and connects when chosen; the others carry links.
 */
export function allWalletsList(input: AllWalletsListInput): WalletItem[] {
  const { options } = input
  const installed = connectableWallets(
    input.connectors,
    options.excludeWalletIds,
    input.activeNamespace,
  )
  const recommended = input.search ? [] : recommendedFor(input.pool, options, installed)
  const shown = new Set(recommended.map((wallet) => wallet.id))
  const rest = input.wallets.filter(
    (wallet) => !shown.has(wallet.id) && !isWalletExcluded(wallet, options.excludeWalletIds),
  )
  return [...recommended, ...rest].map((wallet) =>
    directoryItem(wallet, installed, input.walletConnect),
  )
}
