import * as z from 'zod'

// The Farcaster auth relay's bodies, as Farcaster's own relay checks them and @farcaster/auth-client
// sends and reads them (`CreateChannelRequest`, `AuthenticateRequest`, `StatusAPIResponse`).

const isoDate = z.iso.datetime({ offset: true })

const fidSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** An ECDSA signature (65 bytes in hex), as Farcaster's relay takes it. */
const signatureSchema = z.custom<`0x${string}`>(
  (value) => typeof value === 'string' && /^0x[a-fA-F0-9]{130}$/.test(value),
  'Must be a 65-byte signature in hex',
)

/** `POST …/v1/channel`: what an app client asks the message to say. */
export const relayChannelRequestSchema = z.strictObject({
  siweUri: z.url().max(2048),
  domain: z
    .string()
    .max(253)
    .regex(/^[a-zA-Z0-9.-]+(:[0-9]+)?$/, 'Must be a host name, with a port or not'),
  /** SIWE's nonce: at least 8 letters and digits. Absent: the relay makes one. */
  nonce: z
    .string()
    .regex(/^[a-zA-Z0-9]{8,96}$/, 'Must be 8 to 96 letters and digits')
    .optional(),
  notBefore: isoDate.optional(),
  expirationTime: isoDate.optional(),
  requestId: z.string().max(256).optional(),
  redirectUrl: z.url().max(2048).optional(),
  /** Accepted for compatibility; this relay verifies custody signatures only. */
  acceptAuthAddress: z.boolean().optional(),
})

export type RelayChannelRequest = z.output<typeof relayChannelRequestSchema>

/** The relay's answer to a new channel (201). */
export const relayChannelResponseSchema = z.object({
  channelToken: z.string(),
  url: z.string(),
  connectUri: z.string(),
  nonce: z.string(),
})

/** Farcaster usernames: an fname, or an ENS name of the same form. */
const usernameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\.eth$/, 'Must be a Farcaster username')

/** `POST …/v1/channel/authenticate`: the Farcaster app's signed message and the profile it tells. */
export const relayAuthenticateRequestSchema = z.strictObject({
  message: z.string().min(1).max(2048),
  signature: signatureSchema,
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  fid: fidSchema,
  username: usernameSchema.optional(),
  bio: z.string().max(1024).optional(),
  displayName: z.string().max(256).optional(),
  pfpUrl: z.url().max(2048).optional(),
})

export type RelayAuthenticateRequest = z.output<typeof relayAuthenticateRequestSchema>

/** The channel as the relay's status (and authenticate) answer it. */
export const relayStatusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string(),
  signatureParams: z.object({
    siweUri: z.string(),
    domain: z.string(),
    nonce: z.string(),
    notBefore: z.string().optional(),
    expirationTime: z.string().optional(),
    requestId: z.string().optional(),
    redirectUrl: z.string().optional(),
  }),
  metadata: z.object({ ip: z.string(), userAgent: z.string() }),
  acceptAuthAddress: z.boolean(),
  message: z.string().optional(),
  signature: z.string().optional(),
  authMethod: z.literal('custody').optional(),
  fid: fidSchema.optional(),
  username: z.string().optional(),
  displayName: z.string().optional(),
  bio: z.string().optional(),
  pfpUrl: z.string().optional(),
  custody: z.string().optional(),
  verifications: z.array(z.string()).optional(),
})

export type RelayStatus = z.output<typeof relayStatusSchema>
