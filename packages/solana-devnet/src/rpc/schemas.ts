/**
 * The zod schemas of the RPC's parameters, shared by the methods. Unknown config fields are
 * dropped, as the real node (serde) ignores them; a wrong type or value is a -32602.
 */
import { isAddress, isSignature, type Address, type Signature } from '@solana/kit'
import { z } from 'zod'

const U64_MAX = 2n ** 64n - 1n

/** A u64: a JSON integer, which arrives as a number or, past 2^53, as a bigint. */
export const u64 = z
  .union([z.number().int().nonnegative(), z.bigint().nonnegative().max(U64_MAX)])
  .transform((value) => BigInt(value))

/** A usize a client sends as a plain number (lengths, offsets). */
export const usize = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

// Annotated: the inferred type would name kit's internal nominal-types package.
export const address: z.ZodType<Address, string> = z
  .string()
  .refine(isAddress, { message: 'not a base58 address' })
  .transform((value) => value as Address)

export const signature: z.ZodType<Signature, string> = z
  .string()
  .refine(isSignature, { message: 'not a base58 signature' })
  .transform((value) => value as Signature)

/** The commitments a node accepts. The devnet has one bank, so all three read the same. */
export const commitment = z.enum(['processed', 'confirmed', 'finalized'])

/** `{ commitment?, minContextSlot? }`, the config most read methods take. */
export const contextConfig = z.object({
  commitment: commitment.optional(),
  minContextSlot: u64.optional(),
})

/** How account data is returned; `binary` is the legacy name of plain base58. */
export const accountEncoding = z.enum(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed'])
export type AccountEncoding = z.infer<typeof accountEncoding>

export const dataSlice = z.object({ offset: usize, length: usize })
export type DataSlice = z.infer<typeof dataSlice>

/** The config of the account-reading methods. */
export const accountConfig = contextConfig.extend({
  encoding: accountEncoding.optional(),
  dataSlice: dataSlice.optional(),
})

/** A transaction's encoding; base58 is the node's (deprecated) default. */
export const transactionEncoding = z.enum(['base58', 'base64'])

/**
 * A params tuple whose trailing config may be absent or null, as in a node: `[a]`, `[a, null]`
 * and `[a, {…}]` all parse.
 */
export function withConfig<T extends z.ZodTypeAny, C extends z.ZodTypeAny>(first: T, config: C) {
  return z.tuple([first, config.nullish()])
}
