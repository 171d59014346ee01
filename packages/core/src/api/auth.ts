// Email login (SPEC §4 "Secure iframe", §7 CONNECT_EMAIL … UPDATE_EMAIL_SECONDARY_OTP): the
// requests the secure frame sends to the Latch server's `/v1/auth/*` routes and the answers it
// reads, as zod schemas. The server validates its requests and its own answers with these same
// schemas, so a change one side would not parse fails a test on both.
//
// Every call is made by the frame, never by the host page, and carries a device proof: a compact
// JWS in the `DPoP` header (RFC 9449's shape), signed by the frame's non-extractable ECDSA P-256
// key. Its protected header is {@link deviceProofHeaderSchema} (the public key travels in it), its
// claims {@link deviceProofClaimsSchema}: the method, the URL, the time, a one-time id, the body's
// hash and, with an access token, the token's hash. Tokens are bound to that key, so a token
// without the key is useless.
import * as z from 'zod/mini'
import { apiErrorSchema } from './errors.js'

/** The digits of a one-time code. */
export const OTP_LENGTH = 6
/** How long a one-time code is valid. */
export const OTP_TTL_SECONDS = 600
/** Wrong codes allowed per code: the next try burns it, even with the right code. */
export const OTP_MAX_ATTEMPTS = 5
/** How far a proof's `iat` may be from the server's clock, either way. */
export const DEVICE_PROOF_MAX_SKEW_SECONDS = 60
/** The request header carrying the device proof. */
export const DEVICE_PROOF_HEADER = 'DPoP'
/** The device proof's JOSE `typ`. */
export const DEVICE_PROOF_TYPE = 'dpop+jwt'
/** The device proof's only algorithm: ECDSA P-256 with SHA-256. */
export const DEVICE_PROOF_ALGORITHM = 'ES256'
/** `Authorization: DPoP <access token>`: a bearer scheme would say the token works alone. */
export const ACCESS_TOKEN_SCHEME = 'DPoP'

/** The auth routes, relative to the server's URL; every one also takes `?projectId=`. */
export const AUTH_API_PATHS = {
  /** CONNECT_EMAIL. */
  email: '/v1/auth/email',
  /** CONNECT_DEVICE: waits (a bounded time) for the emailed approval. */
  device: '/v1/auth/device',
  /** The approval link of the mail: GET shows the page, POST (its button) approves. */
  deviceApprove: '/v1/auth/device/approve',
  /** CONNECT_OTP. */
  otp: '/v1/auth/otp',
  refresh: '/v1/auth/refresh',
  /** IS_CONNECTED. */
  session: '/v1/auth/session',
  /** SIGN_OUT. */
  signOut: '/v1/auth/sign-out',
  /** UPDATE_EMAIL. */
  updateEmail: '/v1/auth/email/update',
  /** UPDATE_EMAIL_PRIMARY_OTP. */
  updateEmailPrimary: '/v1/auth/email/update/primary',
  /** UPDATE_EMAIL_SECONDARY_OTP. */
  updateEmailSecondary: '/v1/auth/email/update/secondary',
} as const

const base64url = (length: number) =>
  z
    .string()
    .check(
      z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `Must be ${length} base64url characters`),
    )

/** An email address (SPEC §5: 'Invalid email'), trimmed and lower-cased: one account per address. */
export const emailSchema = z.pipe(
  z.string().check(z.maxLength(254), z.trim(), z.toLowerCase()),
  z.email('Invalid email'),
)

/** A one-time code (SPEC §5: a string): exactly {@link OTP_LENGTH} digits. */
export const otpSchema = z
  .string()
  .check(z.regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), `Must be a ${OTP_LENGTH}-digit code`))

/** A refresh token: opaque, 256 random bits in base64url. */
export const refreshTokenSchema = base64url(43)

/**
 * The device's public key as a JWK: P-256, the public members only. A key with `d` (a private
 * key) or any other member is refused: the private key never leaves the frame.
 */
export const deviceJwkSchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: base64url(43),
  y: base64url(43),
})

/** The device proof's protected header. */
export const deviceProofHeaderSchema = z.object({
  typ: z.literal(DEVICE_PROOF_TYPE),
  alg: z.literal(DEVICE_PROOF_ALGORITHM),
  jwk: deviceJwkSchema,
})

/**
 * The device proof's claims:
 * - `jti`: a fresh random id (a proof is accepted once);
 * - `htm`, `htu`: the request's method and URL without query or fragment, the URL as the server's
 *   public URL names it (`{publicUrl}{path}`);
 * - `iat`: seconds since the epoch, within {@link DEVICE_PROOF_MAX_SKEW_SECONDS} of the server;
 * - `bh`: base64url(SHA-256(the request body's bytes exactly as sent));
 * - `ath`: base64url(SHA-256(the access token)), present exactly when one is sent.
 */
export const deviceProofClaimsSchema = z.object({
  jti: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, 'Must be 16-128 base64url characters')),
  htm: z.enum(['GET', 'POST']),
  htu: z.string().check(z.maxLength(2048)),
  iat: z.number().check(z.int()),
  bh: base64url(43),
  ath: z.optional(base64url(43)),
})

/** SPEC §4: what CONNECT_EMAIL asks the frame to do next. */
export const connectEmailActionSchema = z.enum(['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT'])

/** `POST /v1/auth/email` (CONNECT_EMAIL). */
export const connectEmailRequestSchema = z.strictObject({ email: emailSchema })

/**
 * - VERIFY_OTP: a code was sent to the address;
 * - VERIFY_DEVICE: the account exists and this device is new: an approval link was sent, call
 *   CONNECT_DEVICE;
 * - CONNECT: this device is approved and holds a live session for this account: refresh it, no
 *   code needed.
 */
export const connectEmailResponseSchema = z.object({ action: connectEmailActionSchema })

/** `POST /v1/auth/device` (CONNECT_DEVICE): the same address as CONNECT_EMAIL. */
export const connectDeviceRequestSchema = z.strictObject({ email: emailSchema })

/**
 * VERIFY_OTP once the device was approved (a code was then sent); VERIFY_DEVICE when the wait
 * ended first: call again.
 */
export const connectDeviceResponseSchema = z.object({
  action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']),
})

/** `POST /v1/auth/otp` (CONNECT_OTP). */
export const connectOtpRequestSchema = z.strictObject({ email: emailSchema, otp: otpSchema })

/**
 * The signed-in user. `id` is stable across email changes: key custody hangs off it. `email` is
 * absent for an account made by a social login whose provider gave no verified email (X, or an
 * unverified address).
 */
export const authUserSchema = z.object({ id: z.uuid(), email: z.optional(emailSchema) })

/**
 * A new session, or a refreshed one: a short-lived access token (a JWT bound to the device key,
 * sent as `Authorization: DPoP …` with a proof) and a one-use refresh token (bound to the same
 * key; each refresh answers a new one, and presenting a used one ends the session).
 */
export const authTokensSchema = z.object({
  accessToken: z.string().check(z.minLength(1), z.maxLength(4096)),
  refreshToken: refreshTokenSchema,
  /** The access token's lifetime in seconds. */
  expiresIn: z.number().check(z.int(), z.positive()),
  user: authUserSchema,
})

/** `POST /v1/auth/refresh`. */
export const refreshRequestSchema = z.strictObject({ refreshToken: refreshTokenSchema })

/** `POST /v1/auth/session` (IS_CONNECTED), with the access token in `Authorization`. */
export const sessionRequestSchema = z.strictObject({})

/** Connected with a live session; not connected without a token or after sign-out. */
export const sessionResponseSchema = z.discriminatedUnion('isConnected', [
  z.object({ isConnected: z.literal(true), user: authUserSchema }),
  z.object({ isConnected: z.literal(false) }),
])

/**
 * `POST /v1/auth/sign-out` (SIGN_OUT): ends the session of the access token in `Authorization`,
 * or of this refresh token (so a frame whose access token expired can still sign out).
 */
export const signOutRequestSchema = z.strictObject({ refreshToken: z.optional(refreshTokenSchema) })

export const signOutResponseSchema = z.object({ signedOut: z.literal(true) })

/** `POST /v1/auth/email/update` (UPDATE_EMAIL), signed in: a code goes to the current address. */
export const updateEmailRequestSchema = z.strictObject({ newEmail: emailSchema })

export const updateEmailResponseSchema = z.object({ action: z.literal('VERIFY_PRIMARY_OTP') })

/** `POST /v1/auth/email/update/primary`: the current address's code; a code goes to the new one. */
export const updateEmailPrimaryRequestSchema = z.strictObject({ otp: otpSchema })

export const updateEmailPrimaryResponseSchema = z.object({
  action: z.literal('VERIFY_SECONDARY_OTP'),
})

/** `POST /v1/auth/email/update/secondary`: the new address's code; the new address is stored. */
export const updateEmailSecondaryRequestSchema = z.strictObject({ otp: otpSchema })

export const updateEmailSecondaryResponseSchema = z.object({ email: emailSchema })

/** The approval link's token (query of the GET, form field of the POST). */
export const deviceApprovalTokenSchema = z.strictObject({ token: base64url(43) })

/** Why an auth call failed, for the frame to act on (the `error` text is for people). */
export const AUTH_ERROR_CODES = [
  /** Wrong code; `attemptsLeft` says how many remain. */
  'INVALID_CODE',
  /** No live code for this address and device (expired, used, replaced, or never sent). */
  'CODE_EXPIRED',
  /** The code took {@link OTP_MAX_ATTEMPTS} wrong tries: ask for a new one. */
  'CODE_LOCKED',
  /** SPEC §8 'Session Expired': a token that is invalid, expired, not yet valid or ended. */
  'SESSION_EXPIRED',
  /** The device proof is missing, malformed, stale, for another request, or already used. */
  'INVALID_PROOF',
  /** The account exists and this device was not approved from the emailed link. */
  'DEVICE_NOT_VERIFIED',
  /** CONNECT_DEVICE with no approval pending (never asked, or the link expired): start again. */
  'DEVICE_APPROVAL_EXPIRED',
  /** The new address belongs to another account. */
  'EMAIL_IN_USE',
  /** Too many requests; `retryAfterSeconds` says when to try again. */
  'RATE_LIMITED',
  /** The mail server refused or could not be reached. */
  'MAIL_FAILED',
] as const

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number]

/** The body of an auth call's error: the server's error body plus a code and its details. */
export const authErrorSchema = z.extend(apiErrorSchema, {
  code: z.optional(z.enum(AUTH_ERROR_CODES)),
  attemptsLeft: z.optional(z.number().check(z.int(), z.nonnegative())),
  retryAfterSeconds: z.optional(z.number().check(z.int(), z.positive())),
})

export type DeviceJwk = z.output<typeof deviceJwkSchema>
export type DeviceProofHeader = z.output<typeof deviceProofHeaderSchema>
export type DeviceProofClaims = z.output<typeof deviceProofClaimsSchema>
export type ConnectEmailAction = z.output<typeof connectEmailActionSchema>
export type AuthUser = z.output<typeof authUserSchema>
export type AuthTokens = z.output<typeof authTokensSchema>
export type SessionResponse = z.output<typeof sessionResponseSchema>
export type AuthError = z.output<typeof authErrorSchema>
