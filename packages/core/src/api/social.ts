// Social login (issue 12; SPEC §7 GET_SOCIAL_REDIRECT_URI and CONNECT_SOCIAL): what the secure
// frame sends to the Latch server's `/v1/auth/social/*` routes and what it reads back, as zod
// schemas shared by both sides.
//
// The flow never goes through the host page or `window.opener`:
// 1. start: the frame asks for a flow (device proof) and gets the provider's authorization URL,
//    which its popup opens;
// 2. the provider redirects the popup to the server's callback, which finishes the exchange (the
//    client secrets and the PKCE verifier never leave the server) and shows "You can close this
//    window";
// 3. result: the frame polls the flow, by its id and with a proof from the device key that
//    started it (the `state` travels through the browser, so it alone is never enough);
// 4. connect: once the flow is ready, the same device swaps it, once, for a session, exactly
//    what the email login's CONNECT_OTP answers, plus the provider and the username.
import * as z from 'zod/mini'
import { LOGIN_FLOW_ERROR_CODES, loginFlowResultSchema } from './login-flows.js'
import { AUTH_ERROR_CODES, authErrorSchema, authTokensSchema } from './auth.js'
import { projectIdSchema } from './sdk.js'

/** SPEC §5: the social providers, as the server knows them (farcaster is its own flow). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/** One of {@link SOCIAL_PROVIDERS}. */
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS)

/** How long a flow lives from its start: the popup's whole round trip, and the connect. */
export const SOCIAL_FLOW_TTL_SECONDS = 600

export { SOCIAL_POPUP_PATH } from './social-paths.js'

export {
  INVALID_APP_CONFIGURATION_TEXT,
  SOCIAL_LOGIN_USED_TEXT,
  SOCIAL_OTHER_BROWSER_TEXT,
} from './social-texts.js'

/**
 * Issue 12: how long the frame waits for the provider's result, counted from its answer to
 * GET_SOCIAL_REDIRECT_URI. CONNECT_SOCIAL ends with an error once it passes without one, so the
 * host's request timeout for CONNECT_SOCIAL must be longer than this (the wait, then the
 * exchange: this plus SPEC §9's 30 s).
 */
export const SOCIAL_RESULT_TIMEOUT_MS = 45_000

/** The social routes, relative to the server's URL. */
export const SOCIAL_API_PATHS = {
  /** GET_SOCIAL_REDIRECT_URI: makes a flow. `?projectId=`, device proof. */
  start: '/v1/auth/social/start',
  /**
   * Where the provider sends the popup back: `{callback}/{provider}`, GET (query) or, for
   * Apple's `response_mode=form_post`, POST (form). No project id: the flow's `state` names it.
   */
  callback: '/v1/auth/social/callback',
  /** The flow's state, polled by the frame. `?projectId=`, device proof. */
  result: '/v1/auth/social/result',
  /** CONNECT_SOCIAL: the ready flow's session, once. `?projectId=`, device proof. */
  connect: '/v1/auth/social/connect',
  /**
   * The popup's first page binds the flow to its browser (issue 29): it sends the binding its
   * opener posted to it, and gets a cookie only a callback in this browser carries back.
   * `?projectId=`, from the server's own origin only; no device proof (the popup has no key).
   */
  bind: '/v1/auth/social/bind',
  /**
   * A mini app's result URI (issue 29, SPEC §2): `{return}/{provider}?flowId=&code=`, which the
   * callback sends the page back with (`result_uri`). A handle the frame reads, never fetched.
   */
  return: '/v1/auth/social/return',
} as const

/** The callback path of one provider (the redirect URI registered with it, after the origin). */
export const socialCallbackPath = (provider: SocialProvider): string =>
  `${SOCIAL_API_PATHS.callback}/${provider}`

/** A flow's id: what the frame holds, never the `state` the provider sees. */
export const socialFlowIdSchema = z.uuid()

/**
 * A flow's browser binding (issue 29): 256 random bits, base64url. The frame gets it with the
 * flow and hands it to the app, which posts it to the popup's first page (never in a URL, so a
 * link sent to someone else carries none); the callback finishes the flow only in the browser
 * the page bound.
 */
export const socialBindingSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))

/**
 * What a mini app's result URI proves (issue 29): 256 random bits, base64url, made by the callback
 * and sent only to the browser it redirects. The flow's session is given only with it, and only
 * to the device that started the flow: a sign-in link finished elsewhere brings the code to a
 * browser whose device did not start it, and the starting device never sees the code.
 */
export const socialReturnCodeSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))

/** The query parameter a mini app's page comes back with (SPEC §2): {@link socialResultUri}. */
export const SOCIAL_RESULT_URI_PARAM = 'result_uri'

/** A result URI's parts. */
export interface SocialResultUri {
  provider: SocialProvider
  flowId: string
  code: string
}

/** The result URI the callback sends a mini app's page back with (`?result_uri=`). */
export function socialResultUri(serverUrl: string, parts: SocialResultUri): string {
  const url = new URL(`${SOCIAL_API_PATHS.return}/${parts.provider}`, serverUrl)
  url.searchParams.set('flowId', parts.flowId)
  url.searchParams.set('code', parts.code)
  return url.href
}

/**
 * A result URI's parts, when `uri` is one of the Latch server at `serverUrl` (its origin, its
 * path, one valid flow id and code); undefined for anything else.
 */
export function parseSocialResultUri(uri: string, serverUrl: string): SocialResultUri | undefined {
  if (!URL.canParse(uri) || !URL.canParse(serverUrl)) return undefined
  const url = new URL(uri)
  if (url.origin !== new URL(serverUrl).origin) return undefined
  const prefix = `${SOCIAL_API_PATHS.return}/`
  if (!url.pathname.startsWith(prefix)) return undefined
  const provider = socialProviderSchema.safeParse(url.pathname.slice(prefix.length))
  const flowIds = url.searchParams.getAll('flowId')
  const codes = url.searchParams.getAll('code')
  if (!provider.success || flowIds.length !== 1 || codes.length !== 1) return undefined
  const flowId = socialFlowIdSchema.safeParse(flowIds[0])
  const code = socialReturnCodeSchema.safeParse(codes[0])
  if (!flowId.success || !code.success) return undefined
  return { provider: provider.data, flowId: flowId.data, code: code.data }
}

/**
 * A page a mini app's login comes back to (issue 29, SPEC §2): the host page that left for the
 * provider, which must be one of the project's allowed origins.
 */
export const socialReturnUrlSchema = z.url({ protocol: /^https?$/ }).check(z.maxLength(4096))

/**
 * `POST /v1/auth/social/start`. The project is the query's `projectId`, as on every auth call.
 * `returnUrl`: a mini app's login (issue 29), which leaves the page for the provider instead of
 * opening a popup; the callback sends the browser back there with `result_uri`.
 */
export const socialStartRequestSchema = z.strictObject({
  provider: socialProviderSchema,
  returnUrl: z.optional(socialReturnUrlSchema),
})

/** The provider's authorization URL for the popup, and the flow to poll. */
export const socialStartResponseSchema = z.object({
  uri: z.url({ protocol: /^https?$/ }),
  flowId: socialFlowIdSchema,
  binding: socialBindingSchema,
})

/**
 * `POST /v1/auth/social/bind`, from the popup's first page: the binding its opener posted to it,
 * the provider's URL it is to go to (the flow's own, by its `state`), and the opener's origin
 * as the browser told the page (it must be one of the project's hosts).
 */
export const socialBindRequestSchema = z.strictObject({
  binding: socialBindingSchema,
  uri: z.url({ protocol: /^https?$/ }).check(z.maxLength(4096)),
  opener: z.string().check(z.maxLength(512)),
})

/** The provider's URL, as the server made it from the flow: the popup goes there next. */
export const socialBindResponseSchema = z.object({ uri: z.url({ protocol: /^https?$/ }) })

/**
 * The popup's first page to its opener, once it listens (any origin may read it: it says only
 * that the page is there). The host then posts it {@link socialBindMessageSchema}.
 */
export const socialPopupReadySchema = z.object({ type: z.literal('latch:social-ready') })

/**
 * The host to the popup's first page, to this server's origin only: the flow's binding, the
 * provider URL the frame gave, and the project (the bind call's `projectId`).
 */
export const socialBindMessageSchema = z.strictObject({
  type: z.literal('latch:social-bind'),
  binding: socialBindingSchema,
  uri: z.url({ protocol: /^https?$/ }).check(z.maxLength(4096)),
  projectId: projectIdSchema,
})

/**
 * `POST /v1/auth/social/result`. `returnCode`: a mini app's login, the code its result URI
 * brought back (social-result-uri.ts); the flow's session is given only with it.
 */
export const socialResultRequestSchema = z.strictObject({
  flowId: socialFlowIdSchema,
  returnCode: z.optional(socialReturnCodeSchema),
})

/** Why a flow ended without a login (the result's `code`). */
export const SOCIAL_RESULT_ERROR_CODES = [
  /** The visitor refused consent at the provider (`error=access_denied`). */
  'ACCESS_DENIED',
  /** The provider answered the callback with another error. */
  'PROVIDER_ERROR',
  /** The code exchange, the id token or the user's profile failed its checks. */
  'PROVIDER_RESPONSE_INVALID',
  /** The flow's time ran out before the provider sent the popup back. */
  'FLOW_EXPIRED',
  /**
   * The provider sent back a browser that did not start the flow (issue 29: a sign-in link
   * sent to someone else): the flow ended, no one was signed in.
   */
  'FLOW_OTHER_BROWSER',
] as const

export type SocialResultErrorCode = (typeof SOCIAL_RESULT_ERROR_CODES)[number]

/**
 * - pending: the popup has not come back yet (poll again);
 * - error: the flow ended without a login, `message` is for people;
 * - ready: call CONNECT_SOCIAL.
 */
export const socialResultResponseSchema = loginFlowResultSchema(SOCIAL_RESULT_ERROR_CODES)

/** `POST /v1/auth/social/connect` (CONNECT_SOCIAL); `returnCode` as for the result. */
export const socialConnectRequestSchema = socialResultRequestSchema

/**
 * A new session, as CONNECT_OTP answers it (tokens bound to the device key, the user, whose
 * `email` is absent when the provider gave no verified one), plus the provider and the
 * provider's username (GitHub login, X handle, Discord username; the email or name for Google,
 * Apple and Facebook): SPEC §3's social username.
 */
export const socialConnectResponseSchema = z.extend(authTokensSchema, {
  provider: socialProviderSchema,
  username: z.string().check(z.minLength(1), z.maxLength(256)),
})

/** Why a social call was refused (the error body's `code`), besides the auth calls' own. */
export const SOCIAL_ERROR_CODES = [
  /** The server has no credentials for this provider. */
  'PROVIDER_NOT_CONFIGURED',
  /** A mini app's return URL is not on the project's allowed origins. */
  'RETURN_URL_NOT_ALLOWED',
  ...LOGIN_FLOW_ERROR_CODES,
] as const

export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number]

/** The body of a social call's error. */
export const socialErrorSchema = z.extend(authErrorSchema, {
  code: z.optional(z.enum([...AUTH_ERROR_CODES, ...SOCIAL_ERROR_CODES])),
})

export type SocialProvider = z.output<typeof socialProviderSchema>
export type SocialStartRequest = z.output<typeof socialStartRequestSchema>
export type SocialResultRequest = z.output<typeof socialResultRequestSchema>
export type SocialStartResponse = z.output<typeof socialStartResponseSchema>
export type SocialBindRequest = z.output<typeof socialBindRequestSchema>
export type SocialBindMessage = z.output<typeof socialBindMessageSchema>
export type SocialResultResponse = z.output<typeof socialResultResponseSchema>
export type SocialConnectResponse = z.output<typeof socialConnectResponseSchema>
export type SocialError = z.output<typeof socialErrorSchema>
