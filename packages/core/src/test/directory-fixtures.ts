import type { DirectoryWallet } from '../directory/wallet.js'
import { directoryWallet } from '../testing/directory-service.js'

export { directoryWallet }

/** `count` wallets with ids w0000, w0001, …, in that order. */
export function directoryOf(count: number): DirectoryWallet[] {
  return Array.from({ length: count }, (_, index) =>
    directoryWallet(`w${String(index).padStart(4, '0')}`),
  )
}
