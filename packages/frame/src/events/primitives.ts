import * as z from 'zod/mini'

// The values the app events carry, each checked the same way on both sides of the frame.
// Every top-level schema is `@__PURE__` so a bundler drops the ones a build never uses.

/** SPEC §5: an EVM chain id is a positive integer below 2^31. */
const MAX_EVM_CHAIN_ID = 2_147_483_648

/** A CAIP-2 network id (`namespace:reference`), the grammar core's identifiers use. */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * A chain id: an EVM chain id as a number (`1`, `31337`) or a CAIP-2 network id
 * (`'eip155:1'`, `'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'`).
 */
export const chainIdSchema = /* @__PURE__ */ z.union([
  z.number().check(z.int(), z.positive(), z.lt(MAX_EVM_CHAIN_ID)),
  z.string().check(z.regex(CAIP2)),
])

/** SPEC §5: email fields must be valid email format. */
export const emailSchema = /* @__PURE__ */ z.email()

/** A one-time code: exactly six digits, kept as a string so leading zeros survive. */
export const otpSchema = /* @__PURE__ */ z.string().check(z.regex(/^\d{6}$/))

/** The two account types SPEC §6 records per chain. */
export const accountTypeSchema = /* @__PURE__ */ z.enum(['eoa', 'smartAccount'])

/**
 * An account address: EVM (`0x` and 40 hex digits) or Solana (32 to 44 base58 characters),
 * the two shapes of SPEC §5. The wire form of EVM addresses always carries the `0x`.
 */
export const addressSchema = /* @__PURE__ */ z.union([
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)),
])

/** SPEC §5: the social providers that log in through a redirect (farcaster has its own events). */
export const socialProviderSchema = /* @__PURE__ */ z.enum([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
])

/** SPEC §5: theme mode is light or dark. */
export const themeModeSchema = /* @__PURE__ */ z.enum(['light', 'dark'])

/** A request id: `crypto.randomUUID()` on the host. */
export const requestIdSchema = /* @__PURE__ */ z.uuid()

/** A payload-less event or reply: nothing travels. */
export const emptySchema = /* @__PURE__ */ z.undefined()

/** A non-empty string (a URI, a token, a version). */
export const textSchema = /* @__PURE__ */ z.string().check(z.minLength(1))

/** The payload of every `_ERROR` reply (SPEC §7). An empty message is allowed: core shows its own text. */
export const errorPayloadSchema = /* @__PURE__ */ z.object({ message: z.string() })

export type ChainId = z.infer<typeof chainIdSchema>
export type AccountType = z.infer<typeof accountTypeSchema>
export type SocialProvider = z.infer<typeof socialProviderSchema>
export type ThemeMode = z.infer<typeof themeModeSchema>
export type ErrorPayload = z.infer<typeof errorPayloadSchema>
