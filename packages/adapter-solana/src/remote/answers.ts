import { LatchError, isSolanaAddress, type AdapterAccount } from '@latch/core'
import * as z from 'zod/mini'

/**
 * What a WalletConnect wallet answers the Solana methods with (the WalletConnect Solana RPC
 * reference). Everything came from the wallet over the relay: it is parsed here, and a malformed
 * answer never reaches core. Only the shape is checked; the values are checked where they are
 * used (base58 signatures of 64 bytes, base64 transactions).
 */

/** The most accounts kept from one answer: more than any wallet exposes, few enough to bound work. */
const ACCOUNTS_MAX = 256
const TEXT_MAX = 4096

const text = z.string().check(z.maxLength(TEXT_MAX))

/** `solana_getAccounts` / `solana_requestAccounts`: `[{ pubkey }]`. */
const accountsSchema = z.array(z.unknown()).check(z.maxLength(ACCOUNTS_MAX))
const accountSchema = z.object({ pubkey: text })

/** `solana_signMessage` and `solana_signAndSendTransaction`: `{ signature }` in base58. */
const signatureSchema = z.object({ signature: text })

/** `solana_signTransaction`: `{ signature }`, and optionally the signed transaction in base64. */
const signedTransactionSchema = z.object({
  signature: text,
  transaction: z.optional(z.string().check(z.maxLength(64 * 1024))),
})

/** SPEC §5's Solana addresses, each once, in the wallet's order. */
export function toRemoteAccounts(addresses: readonly string[]): AdapterAccount[] {
  return [...new Set(addresses)]
    .filter((address) => isSolanaAddress(address))
    .map((address) => ({ address, type: 'eoa' as const }))
}

/** The accounts a wallet listed (a malformed entry is skipped); another shape lists none. */
export function parseAccounts(answer: unknown): AdapterAccount[] {
  const parsed = accountsSchema.safeParse(answer)
  if (!parsed.success) return []
  return toRemoteAccounts(
    parsed.data.flatMap((entry) => {
      const account = accountSchema.safeParse(entry)
      return account.success ? [account.data.pubkey] : []
    }),
  )
}

/** The base58 signature of an answer; `missing` is thrown when there is none. */
export function parseSignature(
  answer: unknown,
  missing: 'INVALID_SIGNATURE' | 'INVALID_TRANSACTION_HASH',
): string {
  const parsed = signatureSchema.safeParse(answer)
  if (!parsed.success) throw new LatchError(missing)
  return parsed.data.signature
}

/** `solana_signTransaction`'s answer: the signature, and the signed transaction if sent back. */
export function parseSignedTransaction(answer: unknown): {
  signature: string
  transaction?: string
} {
  const parsed = signedTransactionSchema.safeParse(answer)
  if (!parsed.success) throw new LatchError('INVALID_TRANSACTION_HASH')
  return parsed.data
}
