// Sign in with Farcaster (issue 12; SPEC §7 GET_FARCASTER_URI and CONNECT_FARCASTER): what the
// secure frame sends to the Latch server's `/v1/auth/farcaster/*` routes and what it reads back,
// as zod schemas shared by both sides.
//
// The server is its own Farcaster auth relay (the channel protocol @farcaster/auth-client speaks):
// 1. start: the frame asks for a sign-in (device proof) and gets the link to show as a QR code
//    and a deep link, `…?channelToken=…`, and the flow to poll;
// 2. the Farcaster app (the phone) reads the channel from the relay, signs the "Sign in with
//    Farcaster" message with the fid's custody key and posts it to the relay's `authenticate`;
//    the server checks the signature, nonce, domain and custody (the IdRegistry, on chain);
// 3. result: the frame polls the flow, with a proof from the device key that started it (the
//    channel token is in the QR code, so it alone is never enough);
// 4. connect: once the flow is ready, the same device swaps it, once, for a session: exactly
//    what the email login's CONNECT_OTP answers, plus the fid and the username.
import * as z from 'zod/mini'
import { LOGIN_FLOW_ERROR_CODES, loginFlowResultSchema } from './login-flows.js'
import { AUTH_ERROR_CODES, authErrorSchema, authTokensSchema } from './auth.js'

/** How long a sign-in lives from its start: the scan, the approval on the phone, the connect. */
export const FARCASTER_CHANNEL_TTL_SECONDS = 600

/** Where the relay's channel endpoints live: `createAppClient({ relay: serverUrl + relay })`. */
const RELAY = '/v1/auth/farcaster/relay'

/** The frame's Farcaster routes, relative to the server's URL. */
export const FARCASTER_API_PATHS = {
  /** GET_FARCASTER_URI: makes a channel for this device. `?projectId=`, device proof. */
  start: '/v1/auth/farcaster/start',
  /** The flow's state, polled by the frame. `?projectId=`, device proof. */
  result: '/v1/auth/farcaster/result',
  /** CONNECT_FARCASTER: the ready flow's session, once. `?projectId=`, device proof. */
  connect: '/v1/auth/farcaster/connect',
  /** The auth relay's base URL path, as @farcaster/auth-client's `relay` option takes it. */
  relay: RELAY,
} as const

/**
 * The auth relay's endpoints (version `v1`, as @farcaster/auth-client calls them). No project id
 * and no device proof: the Farcaster app calls them, authorized by `Authorization: Bearer
 * <channelToken>`.
 */
export const FARCASTER_RELAY_PATHS = {
  /** POST: a channel of the relay's own (an open relay), 201 `{ channelToken, url, nonce }`. */
  channel: `${RELAY}/v1/channel`,
  /** POST: the Farcaster app's signed message; 201 and the completed channel once verified. */
  authenticate: `${RELAY}/v1/channel/authenticate`,
  /** GET: the channel, 202 while pending, 200 once completed. */
  status: `${RELAY}/v1/channel/status`,
} as const

/** A flow's id: what the frame holds, never the channel token the phone sees. */
export const farcasterFlowIdSchema = z.uuid()

/** The channel token: 256 random bits, base64url (the `channelToken` of the link). */
export const farcasterChannelTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))

/** A Farcaster id. */
export const fidSchema = z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER))

/** `POST /v1/auth/farcaster/start`. The project is the query's `projectId`, as on every auth call. */
export const farcasterStartRequestSchema = z.strictObject({})

/**
 * The link for the QR code and the deep link (the Farcaster app's sign-in URL with the channel
 * token), the token itself, and the flow to poll.
 */
export const farcasterStartResponseSchema = z.object({
  url: z.url({ protocol: /^(https?|farcaster)$/ }),
  channelToken: farcasterChannelTokenSchema,
  flowId: farcasterFlowIdSchema,
})

/** `POST /v1/auth/farcaster/result`. */
export const farcasterResultRequestSchema = z.strictObject({ flowId: farcasterFlowIdSchema })

/** Why a flow ended without a login (the result's `code`). */
export const FARCASTER_RESULT_ERROR_CODES = [
  /** The channel's time ran out before the Farcaster app approved. */
  'FLOW_EXPIRED',
] as const

/**
 * - pending: no verified approval yet (poll again); an approval that failed its checks was
 *   refused to the app and leaves the flow pending, so a bad app cannot end a person's sign-in;
 * - error: the flow ended without a login, `message` is for people;
 * - ready: call CONNECT_FARCASTER.
 */
export const farcasterResultResponseSchema = loginFlowResultSchema(FARCASTER_RESULT_ERROR_CODES)

/** `POST /v1/auth/farcaster/connect` (CONNECT_FARCASTER). */
export const farcasterConnectRequestSchema = z.strictObject({ flowId: farcasterFlowIdSchema })

/**
 * A new session, as CONNECT_OTP answers it (tokens bound to the device key; the user, with no
 * email: Farcaster tells none), plus the fid and its username (the one the Farcaster app told,
 * else the last one known, else 'Farcaster user'): SPEC §3's social username.
 */
export const farcasterConnectResponseSchema = z.extend(authTokensSchema, {
  fid: fidSchema,
  username: z.string().check(z.minLength(1), z.maxLength(256)),
})

/** Why a Farcaster call was refused (the error body's `code`), besides the auth calls' own. */
export const FARCASTER_ERROR_CODES = [
  /** The server has no `farcaster` section. */
  'FARCASTER_NOT_CONFIGURED',
  ...LOGIN_FLOW_ERROR_CODES,
] as const

export type FarcasterErrorCode = (typeof FARCASTER_ERROR_CODES)[number]

/** The body of a Farcaster call's error. */
export const farcasterErrorSchema = z.extend(authErrorSchema, {
  code: z.optional(z.enum([...AUTH_ERROR_CODES, ...FARCASTER_ERROR_CODES])),
})

export type FarcasterStartResponse = z.output<typeof farcasterStartResponseSchema>
export type FarcasterResultResponse = z.output<typeof farcasterResultResponseSchema>
export type FarcasterConnectResponse = z.output<typeof farcasterConnectResponseSchema>
export type FarcasterError = z.output<typeof farcasterErrorSchema>
