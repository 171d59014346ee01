// Key custody of the embedded wallet (issue 17): what the secure frame sends to the Latch
// server's `/v1/auth/custody/*` routes and what it reads back, as zod schemas shared by both
// sides.
//
// The frame generates the wallet's key and splits it 2-of-3 (Shamir, `shamir-secret-sharing`):
// - share 1 stays in the frame's IndexedDB, encrypted under a non-extractable AES-GCM key;
// - share 2 (the "server share") is stored in the server's database, bound to the user;
// - share 3 (the "vault share") is stored apart from it, encrypted under a key only the server's
//   environment holds (`LATCH_CUSTODY_KEY`).
// No single store holds two shares. A new device, signed in and approved (from the mailed link
// or from another device of the account), gets shares 2 and 3 right after its login, and
// rebuilds the key in the frame. Every call carries a device proof and the session's access
// token, like the other signed-in auth calls.
import * as z from 'zod/mini'
import { AUTH_ERROR_CODES, authErrorSchema } from './auth.js'

/** The custody routes, relative to the server's URL; every one also takes `?projectId=`. */
export const CUSTODY_API_PATHS = {
  /** Whether the signed-in user has a wallet, and its address. */
  status: '/v1/auth/custody/status',
  /** Creates the user's wallet from its two server-held shares: once per user (409 after). */
  wallet: '/v1/auth/custody/wallet',
  /**
   * Releases share 2 to an approved device that has just signed in. Shares 2 and 3 come from
   * two calls, never in one body: a proxy or an APM that logs one answer holds one share.
   */
  recoverServerShare: '/v1/auth/custody/recover/server-share',
  /** Releases share 3 (opened from the vault), on the same terms as share 2. */
  recoverVaultShare: '/v1/auth/custody/recover/vault-share',
  /** Approves another (pending) device of the signed-in account, from an approved one. */
  approveDevice: '/v1/auth/custody/approve-device',
} as const

/** Shares of a 2-of-3 split of a 32-byte key: 33 bytes each (the value bytes and the x byte). */
export const CUSTODY_SHARE_BYTES = 33

/** The statement the new key signs (EIP-191 personal_sign) to show the frame holds it. */
export function custodyStatement(userId: string, address: string): string {
  return `Latch wallet custody\nUser: ${userId}\nAddress: ${address.toLowerCase()}`
}

/** An EVM address, lower-cased (one wallet per address). */
export const custodyAddressSchema = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Must be an EVM address')),
  z.transform((value: string) => value.toLowerCase()),
)

/** One Shamir share: {@link CUSTODY_SHARE_BYTES} bytes in base64url (44 characters). */
export const custodyShareSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{44}$/, 'Must be a 33-byte share in base64url'))

/** A 65-byte secp256k1 signature in hex. */
const signatureSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{130}$/, 'Must be a 65-byte signature in hex'))

/** `POST /v1/auth/custody/status`: nothing but the proof and the token. */
export const custodyStatusRequestSchema = z.strictObject({})

/** The user's wallet, or none yet (the frame then creates one). */
export const custodyStatusResponseSchema = z.object({
  wallet: z.nullable(z.object({ address: custodyAddressSchema })),
})

/**
 * `POST /v1/auth/custody/wallet`: the two shares the server keeps, and the new key's signature of
 * {@link custodyStatement} (so an address is only ever bound by the frame that holds its key).
 */
export const createWalletRequestSchema = z.strictObject({
  address: custodyAddressSchema,
  serverShare: custodyShareSchema,
  vaultShare: custodyShareSchema,
  signature: signatureSchema,
})

export const createWalletResponseSchema = z.object({ address: custodyAddressSchema })

/** Either recovery call: nothing but the proof and the token. */
export const recoverWalletRequestSchema = z.strictObject({})

/** Share 2, and the wallet's address it belongs to. */
export const recoverServerShareResponseSchema = z.object({
  address: custodyAddressSchema,
  serverShare: custodyShareSchema,
})

/**
 * Share 3. With share 2 the frame rebuilds the key, checks that it gives the address, and
 * forgets both.
 */
export const recoverVaultShareResponseSchema = z.object({
  address: custodyAddressSchema,
  vaultShare: custodyShareSchema,
})

/** A device key's RFC 7638 thumbprint (base64url SHA-256): how a device is named. */
export const deviceThumbprintSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Must be a device key thumbprint'))

/**
 * `POST /v1/auth/custody/approve-device`: the thumbprint of the account's pending device to
 * approve (the new device shows it), sent from a device the account already approved.
 */
export const approveDeviceRequestSchema = z.strictObject({ jkt: deviceThumbprintSchema })

export const approveDeviceResponseSchema = z.object({ approved: z.literal(true) })

/** Why a custody call failed (beside the auth codes: SESSION_EXPIRED, RATE_LIMITED, …). */
export const CUSTODY_ERROR_CODES = [
  /** The user already has a wallet: a second one is never made over it. */
  'WALLET_EXISTS',
  /** The user has no wallet yet. */
  'NO_WALLET',
  /** The signature does not come from the address's key. */
  'INVALID_SIGNATURE',
  /**
   * Shares are released only within a short window after a login (or the approval) of this
   * device: sign in again.
   */
  'RECOVERY_NEEDS_LOGIN',
  /**
   * This device was never approved for the account (a social or Farcaster sign-in on a new
   * device): shares are released only once it is, from the mailed link or another device.
   */
  'DEVICE_NOT_APPROVED',
  /** approve-device named no pending device of the account. */
  'NO_PENDING_DEVICE',
  /** The server lacks its custody key, or it is not the key the shares were sealed with. */
  'CUSTODY_UNAVAILABLE',
] as const

export type CustodyErrorCode = (typeof CUSTODY_ERROR_CODES)[number]

/** The body of a custody call's error: an auth error's, whose code may also be a custody one. */
export const custodyErrorSchema = z.extend(authErrorSchema, {
  code: z.optional(z.enum([...AUTH_ERROR_CODES, ...CUSTODY_ERROR_CODES])),
})

export type CustodyError = z.output<typeof custodyErrorSchema>

export type CustodyStatusResponse = z.output<typeof custodyStatusResponseSchema>
export type CreateWalletRequest = z.output<typeof createWalletRequestSchema>
export type RecoverServerShareResponse = z.output<typeof recoverServerShareResponseSchema>
export type RecoverVaultShareResponse = z.output<typeof recoverVaultShareResponseSchema>
export type ApproveDeviceRequest = z.output<typeof approveDeviceRequestSchema>
