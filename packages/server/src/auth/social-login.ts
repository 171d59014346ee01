import {
  isAllowedFrameAncestor,
  socialProviderSchema,
  type SocialBindRequest,
  type SocialConnectResponse,
  type SocialProvider,
  type SocialResultResponse,
  type SocialStartResponse,
} from '@latch/core/api'
import { and, eq, isNotNull } from 'drizzle-orm'
import { custodyWallets, devices } from '../db/schema.js'
import { ensureDevice, findDevice, findUserById, type DeviceRow } from './accounts.js'
import type { AuthDeps } from './context.js'
import { enforceLimits } from './limits.js'
import type { ProvenDevice } from './proof.js'
import { openSession } from './sessions.js'
import {
  authorizationUrl,
  exchangeCode,
  PROVIDER_TRAITS,
  providerClient,
  type ProviderClient,
} from './social-client.js'
import type { SocialConfig } from './social-config.js'
import {
  accessDenied,
  flowNotFound,
  flowOtherBrowser,
  providerError,
  providerNotConfigured,
  providerResponseInvalid,
  ProviderResponseError,
  type FlowFailure,
} from './social-errors.js'
import {
  bindFlow,
  claimFlow,
  codeVerifierOf,
  createFlow,
  failFlow,
  finishFlow,
  flowResult,
  isBoundTo,
  takeFlow,
  type FlowOwner,
  type FlowRow,
} from './social-flows.js'
import { linkSocialAccount } from './social-link.js'
import { appleCallbackExtras, providerProfile, type ProviderProfile } from './social-profile.js'

// The social login (issue 12): start → the provider → callback → result → connect. It ends
// in a session of the account, tokens bound to the device key that started the flow; unlike
// the email login's CONNECT_OTP, a new device is not approved by it (see socialDevice).

/** What the social routes share. */
export interface SocialDeps {
  auth: AuthDeps
  config: SocialConfig
}

/** A checked call of the frame: its device key, project and client address. */
export interface SocialCaller {
  device: ProvenDevice
  projectId: string
  ip: string
}

const owner = (caller: SocialCaller): FlowOwner => ({
  jkt: caller.device.jkt,
  projectId: caller.projectId,
})

function clientOf(deps: SocialDeps, provider: SocialProvider): ProviderClient | undefined {
  return providerClient(deps.config, deps.auth.config.publicUrl, provider)
}

/**
 * GET_SOCIAL_REDIRECT_URI: a flow for this device, and the provider's authorization URL.
 * @throws SocialError 404 PROVIDER_NOT_CONFIGURED; AuthError 429 over the limit.
 */
export async function startSocialLogin(
  deps: SocialDeps,
  caller: SocialCaller,
  provider: SocialProvider,
): Promise<SocialStartResponse> {
  await enforceLimits(deps.auth, [[`social:start:${caller.ip}`, deps.config.rateLimits.startPerIp]])
  const client = clientOf(deps, provider)
  if (!client) throw providerNotConfigured(provider)
  const flow = await createFlow(deps.auth, {
    provider,
    projectId: caller.projectId,
    jkt: caller.device.jkt,
    oidc: PROVIDER_TRAITS[provider].oidc,
    ttlSeconds: deps.config.flowTtlSeconds,
  })
  return { uri: authorizationUrl(client, flow).href, flowId: flow.id, binding: flow.binding }
}

/** The popup's first page asking to bind its flow, as the bind route read it. */
export interface BindCall {
  request: SocialBindRequest
  projectId: string
  /** Who may have opened the popup: the project's host pages (its frame ancestors). */
  ancestors: readonly string[]
  ip: string
}

/**
 * Binds the flow to the popup's browser (issue 29): the page's opener, a host page of the
 * project, posted it the binding the frame got at the start, and the provider URL it is to go
 * to. The binding is spent; the answer is the provider's URL as this server makes it from the
 * flow (never the URL the page brought), and the route sets the cookie only this browser then
 * carries back to the callback.
 * @throws SocialError 404 FLOW_NOT_FOUND for anything refused, all alike; AuthError 429.
 */
export async function bindSocialFlow(
  deps: SocialDeps,
  call: BindCall,
): Promise<{ flow: FlowRow; uri: string }> {
  await enforceLimits(deps.auth, [[`social:bind:${call.ip}`, deps.config.rateLimits.startPerIp]])
  const state = stateOf(call.request.uri)
  if (state === undefined || !isAllowedFrameAncestor(call.request.opener, call.ancestors)) {
    throw flowNotFound()
  }
  const flow = await bindFlow(deps.auth, {
    binding: call.request.binding,
    state,
    projectId: call.projectId,
  })
  const provider = flow && socialProviderSchema.safeParse(flow.provider)
  const client = provider?.success ? clientOf(deps, provider.data) : undefined
  if (!flow || !client) throw flowNotFound()
  const uri = authorizationUrl(client, {
    state,
    codeVerifier: codeVerifierOf(deps.auth, state),
    nonce: flow.nonce ?? undefined,
  })
  return { flow, uri: uri.href }
}

/** The `state` of a provider URL, if it has exactly one. */
function stateOf(uri: string): string | undefined {
  const states = new URL(uri).searchParams.getAll('state')
  return states.length === 1 && states[0] ? states[0] : undefined
}

/** What the provider sent the popup back with (query, or Apple's form). */
export interface CallbackParams {
  state?: string | undefined
  code?: string | undefined
  error?: string | undefined
  /** Apple's `user` JSON, on the first consent only. */
  user?: string | undefined
}

/** Where the callback came from: its address, and the binding cookie of the flow, if sent. */
export interface CallbackRequest {
  ip: string
  /** The cookie of the flow named `state`'s binding (read by the route, by flow id). */
  binding: (flowId: string) => string | undefined
}

/** How the callback ended, for the page the popup shows. */
export type CallbackOutcome = 'signed-in' | 'failed' | 'refused' | 'other-browser'

/**
 * The exchange and the provider's user. Anything failing here is the provider's side (a code it
 * refuses: tampered, used, a wrong verifier; an answer failing its checks; an endpoint down):
 * logged whole for the operator, recorded on the flow bare.
 */
async function providerUser(
  deps: SocialDeps,
  flow: FlowRow,
  client: ProviderClient,
  params: CallbackParams & { code: string; state: string },
): Promise<ProviderProfile | FlowFailure> {
  const { auth } = deps
  try {
    const verifier = codeVerifierOf(auth, params.state)
    const tokens = await exchangeCode(client, params.code, verifier, auth.now())
    return await providerProfile(client, tokens, {
      nonce: flow.nonce,
      now: auth.now(),
      extras: client.provider === 'apple' ? appleCallbackExtras(params.user) : {},
    })
  } catch (error) {
    auth.log(
      error instanceof ProviderResponseError
        ? error
        : new ProviderResponseError(client.provider, String(error), { cause: error }),
    )
    return providerResponseInvalid()
  }
}

/** The claimed flow's outcome: the failure to record, or undefined once it is ready. */
async function settleFlow(
  deps: SocialDeps,
  flow: FlowRow,
  provider: SocialProvider,
  params: CallbackParams & { state: string },
): Promise<FlowFailure | undefined> {
  if (params.error !== undefined) {
    return params.error === 'access_denied' ? accessDenied() : providerError()
  }
  const client = clientOf(deps, provider)
  if (!client || params.code === undefined || params.code === '') return providerError()
  const profile = await providerUser(deps, flow, client, { ...params, code: params.code })
  if (!('subject' in profile)) return profile
  const { auth } = deps
  const now = new Date(auth.now())
  const { user, username } = await linkSocialAccount(auth.db, provider, profile, now)
  await finishFlow(auth, flow.id, { userId: user.id, username, email: user.email })
  return undefined
}

/**
 * The provider's redirect (SPEC §4: the result goes to the frame, never to the opener). The
 * state must name a pending flow of this provider, once; a provider error is recorded on it (a
 * refused consent as ACCESS_DENIED). Otherwise the code is exchanged with the flow's verifier,
 * the user read and linked, and the flow made ready for its device's connect. Issue 29: only in
 * the browser the flow was bound to; in any other (a sign-in link sent to someone) the flow ends
 * FLOW_OTHER_BROWSER before the code is exchanged, so no one is signed in or linked.
 */
export async function socialCallback(
  deps: SocialDeps,
  provider: SocialProvider,
  params: CallbackParams,
  from: CallbackRequest,
): Promise<CallbackOutcome> {
  const { ip } = from
  await enforceLimits(deps.auth, [[`social:callback:${ip}`, deps.config.rateLimits.callbackPerIp]])
  if (params.state === undefined || params.state === '') return 'refused'
  const flow = await claimFlow(deps.auth, provider, params.state)
  if (!flow) return 'refused'
  if (!isBoundTo(deps.auth, flow, from.binding(flow.id))) {
    await failFlow(deps.auth, flow.id, flowOtherBrowser())
    return 'other-browser'
  }
  let failure: FlowFailure | undefined
  try {
    failure = await settleFlow(deps, flow, provider, { ...params, state: params.state })
  } catch (error) {
    // Not the provider's doing (the database): the flow still ends, so the frame stops waiting.
    await failFlow(deps.auth, flow.id, providerError())
    throw error
  }
  if (!failure) return 'signed-in'
  await failFlow(deps.auth, flow.id, failure)
  return 'failed'
}

/** The frame's poll: pending, error or ready, for the device that started the flow only. */
export async function socialResult(
  deps: SocialDeps,
  caller: SocialCaller,
  flowId: string,
): Promise<SocialResultResponse> {
  await enforceLimits(deps.auth, [
    [`social:result:${caller.ip}`, deps.config.rateLimits.resultPerIp],
  ])
  return flowResult(deps.auth, flowId, owner(caller))
}

/**
 * This device's row in the account, for a social or Farcaster sign-in. The provider vouches for
 * the person, not for this browser, so a device new to the account stays pending: it gets a
 * session, but no share of the wallet until it is approved from the mailed link or from another
 * device of the account (docs/security.md). The one exception is the first device of an account
 * with no approved device and no wallet yet: there is nothing to protect, and nobody else to
 * approve it. A row left pending (by an email login awaiting its link) stays pending.
 */
export async function socialDevice(
  deps: AuthDeps,
  userId: string,
  device: ProvenDevice,
  now: Date,
): Promise<DeviceRow> {
  const known = await findDevice(deps.db, userId, device.jkt)
  if (known) return ensureDevice(deps.db, userId, device, now)
  const [approved] = await deps.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.userId, userId), isNotNull(devices.approvedAt)))
    .limit(1)
  const [wallet] = await deps.db
    .select({ id: custodyWallets.id })
    .from(custodyWallets)
    .where(eq(custodyWallets.userId, userId))
    .limit(1)
  return ensureDevice(deps.db, userId, device, now, !approved && !wallet)
}

/**
 * CONNECT_SOCIAL: the ready flow's session, once, for the device that started it: what
 * CONNECT_OTP answers, plus the provider and the username.
 * @throws SocialError FLOW_NOT_FOUND, FLOW_NOT_READY, FLOW_USED, FLOW_EXPIRED; AuthError 429.
 */
export async function connectSocial(
  deps: SocialDeps,
  caller: SocialCaller,
  flowId: string,
): Promise<SocialConnectResponse> {
  const { auth } = deps
  await enforceLimits(auth, [[`social:connect:${caller.ip}`, deps.config.rateLimits.connectPerIp]])
  const flow = await takeFlow(auth, flowId, owner(caller))
  const user = await findUserById(auth.db, flow.userId)
  if (!user) throw new Error("the social login's account vanished")
  const device = await socialDevice(auth, user.id, caller.device, new Date(auth.now()))
  const tokens = await openSession(auth, {
    user,
    deviceId: device.id,
    jkt: caller.device.jkt,
    projectId: flow.projectId,
  })
  return { ...tokens, provider: socialProviderSchema.parse(flow.provider), username: flow.username }
}
