/**
 * SPEC §5: excluded wallets (by rdns or name) are hidden. The host's `excludeWalletIds` entries
 * match a wallet's directory id, its EIP-6963 rdns, or its name (case-insensitive, trimmed, since
 * names are typed by hand).
 */
export function isWalletExcluded(
  wallet: { id: string; rdns?: string; name: string },
  excludeWalletIds: readonly string[],
): boolean {
  if (excludeWalletIds.length === 0) return false
  const name = wallet.name.trim().toLowerCase()
  return excludeWalletIds.some((entry) => {
    const wanted = entry.trim()
    return (
      wanted === wallet.id ||
      (wallet.rdns !== undefined && wanted === wallet.rdns) ||
      wanted.toLowerCase() === name
    )
  })
}

/** The wallets left once the excluded ones are hidden, in their original order. */
export function withoutExcludedWallets<T extends { id: string; rdns?: string; name: string }>(
  wallets: readonly T[],
  excludeWalletIds: readonly string[],
): T[] {
  return wallets.filter((wallet) => !isWalletExcluded(wallet, excludeWalletIds))
}
