// The Connect view's pick from the directory. Answering a `GET /getWallets` query is query.ts's:
// the Latch server answers with that rule too, and none of this.
import { isWalletExcluded } from '../connector/exclusion.js'
import { supportsAnyChain } from './query.js'
import type { DirectoryWallet } from './wallet.js'

/** SPEC §9: recommended wallets shown on the Connect view. */
export const RECOMMENDED_WALLETS_COUNT = 4

/** What decides the recommended wallets. */
export interface RecommendedWalletsOptions {
  /** The host's `featuredWalletIds`: shown first, in this order. */
  featuredWalletIds?: readonly string[]
  /** The host's `includeWalletIds`: when not empty, only these may be recommended. */
  includeWalletIds?: readonly string[]
  /** The host's `excludeWalletIds`: never recommended (by id, rdns or name). */
  excludeWalletIds?: readonly string[]
  /** rdns of the wallets announced on the page; they are listed elsewhere as installed. */
  installedRdns?: readonly string[]
  /** When given, only wallets supporting at least one of these CAIP-2 chains. */
  chains?: readonly string[]
}

/**
 * The SPEC §9 recommended wallets: at most {@link RECOMMENDED_WALLETS_COUNT}, the featured ones
 * first (in `featuredWalletIds` order), then the directory's own order. Installed wallets are
 * left out, since the Connect view already lists them, and so are excluded ones.
 */
export function recommendedWallets<W extends DirectoryWallet>(
  wallets: readonly W[],
  options: RecommendedWalletsOptions = {},
): W[] {
  const include = options.includeWalletIds ?? []
  const installed = options.installedRdns ?? []
  const chains = options.chains ?? []
  const eligible = wallets.filter(
    (wallet) =>
      (include.length === 0 || include.includes(wallet.id)) &&
      !isWalletExcluded(wallet, options.excludeWalletIds ?? []) &&
      !(wallet.rdns !== undefined && installed.includes(wallet.rdns)) &&
      supportsAnyChain(wallet, chains),
  )
  const featuredIds = options.featuredWalletIds ?? []
  const featured = featuredIds.flatMap((id) => eligible.filter((wallet) => wallet.id === id))
  const others = eligible.filter((wallet) => !featuredIds.includes(wallet.id))
  // A featured id listed twice must not take two places.
  return [...new Set([...featured, ...others])].slice(0, RECOMMENDED_WALLETS_COUNT)
}
