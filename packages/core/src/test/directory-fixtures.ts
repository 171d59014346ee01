import { generateWalletIcon } from '../directory/icon.js'
import type { DirectoryWallet } from '../directory/wallet.js'

/** A directory wallet for tests; `rdns` links it to an announced connector of the same rdns. */
export function directoryWallet(
  id: string,
  overrides: Partial<DirectoryWallet> = {},
): DirectoryWallet {
  const name = overrides.name ?? `Wallet ${id}`
  return {
    id,
    name,
    homepage: `https://${id}.example`,
    imageUrl: generateWalletIcon(name, id),
    chains: ['eip155:1'],
    ...overrides,
  }
}

/** `count` wallets with ids w0000, w0001, …, in that order. */
export function directoryOf(count: number): DirectoryWallet[] {
  return Array.from({ length: count }, (_, index) =>
    directoryWallet(`w${String(index).padStart(4, '0')}`),
  )
}
