import type { Hex, LocalAccount } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'

/**
 * The mnemonic anvil derives its funded accounts from: Hardhat's and Foundry's public default,
 * the same as @latch/devnet's DEVNET_MNEMONIC (account.test.ts checks they agree). Repeated here
 * because @latch/devnet pulls Node-only code, and this module also runs in the browser.
 */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk'

/** The account holding `privateKey`, or the devnet's funded account number `accountIndex`. */
export function resolveAccount(source: {
  privateKey?: string
  accountIndex?: number
}): LocalAccount {
  if (source.privateKey !== undefined) return privateKeyToAccount(source.privateKey as Hex)
  // Deriving costs one PBKDF2 run (~0.3 s), paid only by wallets created by index.
  return mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: source.accountIndex ?? 0 })
}
