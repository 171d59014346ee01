import { createSignInMessage } from '@solana/wallet-standard-util'
import type { SolanaSignInInput } from '@solana/wallet-standard-features'
import { invalidParams } from './errors.js'

/**
 * The SIWS message text (the Solana Wallet Standard's format, by its own library). As SIWS asks
 * of a wallet, the missing domain is the page's host and the missing address the signer's.
 */
export function signInMessage(input: SolanaSignInInput, address: string): Uint8Array {
  const domain = input.domain ?? (globalThis as { location?: { host?: string } }).location?.host
  if (!domain) throw invalidParams('signIn needs a domain outside a page')
  return createSignInMessage({ ...input, domain, address })
}
