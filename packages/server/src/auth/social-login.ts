import {
  isAllowedFrameAncestor,
  socialProviderSchema,
  type SocialBindRequest,
  type SocialConnectResponse,
  type SocialProvider,
  type SocialResultRequest,
  type SocialResultResponse,
  type SocialStartRequest,
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
  flowNotReady,
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
  isOwnedBy,
  takeFlow,
  type FlowOwner,
  type FlowRow,
} from './social-flows.js'
import { linkSocialAccount } from './social-link.js'
import { appleCallbackExtras, providerProfile, type ProviderProfile } from './social-profile.js'
import { allowedReturnUrl, cameBackElsewhere, flowOfReturnCode, returnOf } from './social-return.js'

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
 * GET_SOCIAL_REDIRECT_URI: a flow for this device, and the provider's authorization URL. With a
 * `returnUrl` (a mini app, issue 29) the flow comes back to that page instead of a popup; its
 * origin must be one of `ancestors`, the project's host pages (in the server's mode).
 * @throws SocialError 403 RETURN_URL_NOT_ALLOWED, 404 PROVIDER_NOT_CONFIGURED; AuthError 429.
 */
export async function startSocialLogin(
  deps: SocialDeps,
  caller: SocialCaller,
  request: SocialStartRequest,
  ancestors: readonly string[],
): Promise<SocialStartResponse> {
  await enforceLimits(deps.auth, [[`social:start:${caller.ip}`, deps.config.rateLimits.startPerIp]])
  const { provider } = request
  // Checked before anything is made: a page the project does not allow gets no flow at all.
  const returnUrl =
    request.returnUrl === undefined ? undefined : allowedReturnUrl(request.returnUrl, ancestors)
  const client = clientOf(deps, provider)
  if (!client) throw providerNotConfigured(provider)
  const flow = await createFlow(deps.auth, {
    provider,
    projectId: caller.projectId,
    jkt: caller.device.jkt,
    oidc: PROVIDER_TRAITS[provider].oidc,
    ttlSeconds: deps.config.flowTtlSeconds,
    returnUrl,
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

/** How the callback ended, and for a mini app's flow where to send the browser back. */
export interface CallbackAnswer {
  outcome: CallbackOutcome
  /** The return URL with `result_uri`: a 303 there instead of the page. */
  redirect: string | undefined
}

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
  returnCodeHash: string | undefined,
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
  await finishFlow(auth, flow.id, { userId: user.id, username, email: user.email }, returnCodeHash)
  return undefined
}

/**
 * The provider's redirect (SPEC §4: the result goes to the frame, never to the opener). The
 * state must name a pending flow of this provider, once; a provider error is recorded on it (a
 * refused consent as ACCESS_DENIED). Otherwise the code is exchanged with the flow's verifier,
 * the user read and linked, and the flow made ready for its device's connect. Issue 29: only in
 * the browser the flow was bound to; in any other (a sign-in link sent to someone) the flow ends
 * FLOW_OTHER_BROWSER before the code is exchanged, so no one is signed in or linked.
 *
 * A mini app's flow (a return URL) has no popup and no cookie: it settles the same way, gets a
 * return code, and the browser is sent back to its page with the code in `result_uri`; a
 * failure too, so the page's frame reads what happened. Its binding is the code and the
 * device key, checked at the result and the connect.
 */
export async function socialCallback(
  deps: SocialDeps,
  provider: SocialProvider,
  params: CallbackParams,
  from: CallbackRequest,
): Promise<CallbackAnswer> {
  const { ip } = from
  await enforceLimits(deps.auth, [[`social:callback:${ip}`, deps.config.rateLimits.callbackPerIp]])
  const refused: CallbackAnswer = { outcome: 'refused', redirect: undefined }
  if (params.state === undefined || params.state === '') return refused
  const flow = await claimFlow(deps.auth, provider, params.state)
  if (!flow) return refused
  const back = returnOf(deps.auth, flow, provider)
  const redirect = back?.redirect
  if (!back && !isBoundTo(deps.auth, flow, from.binding(flow.id))) {
    await failFlow(deps.auth, flow.id, flowOtherBrowser())
    return { outcome: 'other-browser', redirect: undefined }
  }
  let failure: FlowFailure | undefined
  try {
    failure = await settleFlow(deps, flow, provider, { ...params, state: params.state }, back?.hash)
  } catch (error) {
    // Not the provider's doing (the database): the flow still ends, so the frame stops waiting.
    const ended = await failFlow(deps.auth, flow.id, providerError(), back?.hash)
    // A mini app's page can read that failure only if its code was stored with it.
    if (redirect === undefined || !ended) throw error
    deps.auth.log(error)
    return { outcome: 'failed', redirect }
  }
  if (!failure) return { outcome: 'signed-in', redirect }
  await failFlow(deps.auth, flow.id, failure, back?.hash)
  return { outcome: 'failed', redirect }
}

/**
 * The frame's poll: pending, error or ready, for the device that started the flow only. With a
 * mini app's `returnCode`: for that device too; any other device that brings the flow's code
 * (a sign-in link finished in its browser) ends the flow, and is told FLOW_OTHER_BROWSER.
 * @throws SocialError 404 FLOW_NOT_FOUND (unknown, another device's, a wrong code), 409
 *   FLOW_USED; AuthError 429.
 */
export async function socialResult(
  deps: SocialDeps,
  caller: SocialCaller,
  request: SocialResultRequest,
): Promise<SocialResultResponse> {
  await enforceLimits(deps.auth, [
    [`social:result:${caller.ip}`, deps.config.rateLimits.resultPerIp],
  ])
  if (request.returnCode !== undefined) {
    const flow = await flowOfReturnCode(deps.auth, request.flowId, request.returnCode)
    if (!isOwnedBy(flow, owner(caller))) {
      return { status: 'error', ...(await cameBackElsewhere(deps.auth, flow)) }
    }
  }
  return flowResult(deps.auth, request.flowId, owner(caller))
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
 * CONNECT_OTP answers, plus the provider and the username. A mini app's flow only with its
 * `returnCode` (without it, or with a wrong one, it reads like no flow); another device bringing
 * the code ends the flow (FLOW_NOT_READY here; its result says why).
 * @throws SocialError FLOW_NOT_FOUND, FLOW_NOT_READY, FLOW_USED, FLOW_EXPIRED; AuthError 429.
 */
export async function connectSocial(
  deps: SocialDeps,
  caller: SocialCaller,
  request: SocialResultRequest,
): Promise<SocialConnectResponse> {
  const { auth } = deps
  await enforceLimits(auth, [[`social:connect:${caller.ip}`, deps.config.rateLimits.connectPerIp]])
  let codeHash: string | undefined
  if (request.returnCode !== undefined) {
    const presented = await flowOfReturnCode(auth, request.flowId, request.returnCode)
    if (!isOwnedBy(presented, owner(caller))) {
      await cameBackElsewhere(auth, presented)
      throw flowNotReady()
    }
    codeHash = presented.returnCodeHash
  }
  const flow = await takeFlow(auth, request.flowId, owner(caller), codeHash)
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
