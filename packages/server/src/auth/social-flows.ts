import { randomUUID } from 'node:crypto'
import type { SocialProvider, SocialResultResponse } from '@latch/core/api'
import { generateState } from 'arctic'
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm'
import { socialFlows } from '../db/schema.js'
import type { AuthDeps } from './context.js'
import { hmac, randomToken, safeEqual } from './crypto.js'
import {
  flowExpired,
  flowNotFound,
  flowNotReady,
  flowOtherBrowser,
  flowTimedOut,
  flowUsed,
} from './social-errors.js'
import type { FlowFailure } from './social-errors.js'

// A social login's flow in the database. Each step is one conditional update, so two requests
// (two callbacks with one state, two connects of one flow, on one instance or several) never both
// succeed.

export type FlowRow = typeof socialFlows.$inferSelect

/** How long an ended flow is kept, for the operator, before a later start sweeps it. */
const KEEP_ENDED_FLOWS_MS = 24 * 3600 * 1000

/** The stored form of a `state`: an HMAC, so the table alone cannot answer a callback. */
const stateHash = (deps: AuthDeps, state: string) => hmac(deps.keys.token, `social-state:${state}`)

/** The stored form of a browser binding: an HMAC too, so the table alone binds no browser. */
export const bindingHash = (deps: AuthDeps, binding: string) =>
  hmac(deps.keys.token, `social-binding:${binding}`)

/**
 * A flow's PKCE (S256) verifier (finding 9): derived from its `state` under the login's secret,
 * so it is never stored. The table holds only the state's HMAC (another key's use of the
 * secret), so a copy of the database cannot redeem a stolen authorization code, and the state
 * alone (seen in the popup's URL) gives nothing without the secret.
 */
export const codeVerifierOf = (deps: AuthDeps, state: string) =>
  hmac(deps.keys.token, `social-pkce:${state}`)

/** What a new flow is for. */
export interface NewFlow {
  provider: SocialProvider
  projectId: string
  jkt: string
  /** OIDC providers get a nonce the id token must carry. */
  oidc: boolean
  ttlSeconds: number
  /** A mini app's flow: the host page the callback sends the browser back to (checked). */
  returnUrl?: string | undefined
}

/** A new flow, with the secrets its authorization URL carries. */
export interface StartedFlow {
  id: string
  /** 256 random bits: the `state` parameter. */
  state: string
  /** 256 random bits: what binds the flow to the browser whose popup takes it (issue 29). */
  binding: string
  /** The PKCE verifier: see {@link codeVerifierOf}. */
  codeVerifier: string
  nonce: string | undefined
}

export async function createFlow(deps: AuthDeps, flow: NewFlow): Promise<StartedFlow> {
  const now = deps.now()
  const state = generateState()
  const started: StartedFlow = {
    id: randomUUID(),
    state,
    binding: randomToken(),
    codeVerifier: codeVerifierOf(deps, state),
    nonce: flow.oidc ? randomToken() : undefined,
  }
  await deps.db
    .delete(socialFlows)
    .where(lt(socialFlows.expiresAt, new Date(now - KEEP_ENDED_FLOWS_MS)))
  await deps.db.insert(socialFlows).values({
    id: started.id,
    stateHash: stateHash(deps, started.state),
    bindingHash: bindingHash(deps, started.binding),
    provider: flow.provider,
    projectId: flow.projectId,
    deviceJkt: flow.jkt,
    nonce: started.nonce ?? null,
    returnUrl: flow.returnUrl ?? null,
    status: 'pending',
    createdAt: new Date(now),
    expiresAt: new Date(now + flow.ttlSeconds * 1000),
  })
  return started
}

/** What the popup's first page brings to bind its flow to its browser. */
export interface FlowBinding {
  binding: string
  /** The `state` of the provider's URL the page is to go to: it must be the flow's own. */
  state: string
  projectId: string
}

/**
 * Binds a pending, unexpired flow of the project to the browser whose popup brought its binding
 * and its own `state`: once (a binding is spent here). Never a mini app's flow: it has no popup,
 * so a binding of one could only come from someone planting it in another browser.
 * @returns the flow, now bound; undefined for anything else (unknown, spent, expired, another
 *   project's, a `state` not the flow's, a mini app's), all alike.
 */
export async function bindFlow(deps: AuthDeps, bind: FlowBinding): Promise<FlowRow | undefined> {
  const now = new Date(deps.now())
  const [bound] = await deps.db
    .update(socialFlows)
    .set({ boundAt: now })
    .where(
      and(
        eq(socialFlows.bindingHash, bindingHash(deps, bind.binding)),
        eq(socialFlows.stateHash, stateHash(deps, bind.state)),
        eq(socialFlows.projectId, bind.projectId),
        eq(socialFlows.status, 'pending'),
        isNull(socialFlows.boundAt),
        isNull(socialFlows.returnUrl),
        gt(socialFlows.expiresAt, now),
      ),
    )
    .returning()
  return bound
}

/**
 * Whether the callback's browser is the one the flow was bound to: the flow was bound, and the
 * cookie it got then came back.
 */
export const isBoundTo = (deps: AuthDeps, flow: FlowRow, cookie: string | undefined): boolean =>
  flow.boundAt !== null &&
  cookie !== undefined &&
  safeEqual(bindingHash(deps, cookie), flow.bindingHash)

/**
 * The flow a provider's callback names by its `state`, claimed for this callback: a state is
 * accepted once, for its own provider, while its flow is pending and unexpired.
 * @returns undefined for an unknown, used, expired or other provider's state.
 */
export async function claimFlow(
  deps: AuthDeps,
  provider: SocialProvider,
  state: string,
): Promise<FlowRow | undefined> {
  const now = new Date(deps.now())
  const [claimed] = await deps.db
    .update(socialFlows)
    .set({ callbackAt: now })
    .where(
      and(
        eq(socialFlows.stateHash, stateHash(deps, state)),
        eq(socialFlows.provider, provider),
        eq(socialFlows.status, 'pending'),
        isNull(socialFlows.callbackAt),
        gt(socialFlows.expiresAt, now),
      ),
    )
    .returning()
  return claimed
}

/** The account a claimed flow ends in. */
export interface FlowAccount {
  userId: string
  username: string
  email: string | null
}

/**
 * The claimed flow is ready for its device's connect. `returnCodeHash`: a mini app's flow gets
 * its return code in the same update, so it is never ready without one (a connect without the
 * code in between would otherwise find a ready flow with no code to ask for).
 * @returns whether the flow was still pending, and is now ready.
 */
export async function finishFlow(
  deps: AuthDeps,
  id: string,
  account: FlowAccount,
  returnCodeHash?: string,
): Promise<boolean> {
  const finished = await deps.db
    .update(socialFlows)
    .set({ status: 'ready', ...account, ...(returnCodeHash ? { returnCodeHash } : {}) })
    .where(and(eq(socialFlows.id, id), eq(socialFlows.status, 'pending')))
    .returning({ id: socialFlows.id })
  return finished.length > 0
}

/**
 * The claimed flow ended without a login (`returnCodeHash` as for {@link finishFlow}: the mini
 * app's page reads the failure with it).
 * @returns whether the flow was still pending, and now records the failure.
 */
export async function failFlow(
  deps: AuthDeps,
  id: string,
  failure: FlowFailure,
  returnCodeHash?: string,
): Promise<boolean> {
  const failed = await deps.db
    .update(socialFlows)
    .set({
      status: 'error',
      errorCode: failure.code,
      errorMessage: failure.message,
      ...(returnCodeHash ? { returnCodeHash } : {}),
    })
    .where(and(eq(socialFlows.id, id), eq(socialFlows.status, 'pending')))
    .returning({ id: socialFlows.id })
  return failed.length > 0
}

/**
 * A mini app's flow whose return code came back to a device that did not start it (issue 29: a
 * sign-in link finished in someone else's browser): it ends FLOW_OTHER_BROWSER, so its owner
 * never gets the session, with the code or without.
 * @returns false when the flow was connected already (nothing left to end).
 */
export async function endInOtherBrowser(deps: AuthDeps, id: string): Promise<boolean> {
  const failure = flowOtherBrowser()
  const ended = await deps.db
    .update(socialFlows)
    .set({ status: 'error', errorCode: failure.code, errorMessage: failure.message })
    .where(and(eq(socialFlows.id, id), inArray(socialFlows.status, ['pending', 'ready', 'error'])))
    .returning({ id: socialFlows.id })
  return ended.length > 0
}

/** Who asks about a flow: only the device (and project) that started it may. */
export interface FlowOwner {
  jkt: string
  projectId: string
}

const ownedBy = (id: string, owner: FlowOwner) =>
  and(
    eq(socialFlows.id, id),
    eq(socialFlows.deviceJkt, owner.jkt),
    eq(socialFlows.projectId, owner.projectId),
  )

/** Whether `owner` started the flow: its device key, in its project. */
export const isOwnedBy = (flow: FlowRow, owner: FlowOwner): boolean =>
  flow.deviceJkt === owner.jkt && flow.projectId === owner.projectId

/** The flow by its id alone, whoever started it: for a return code, which names it. */
export async function findFlow(deps: AuthDeps, id: string): Promise<FlowRow | undefined> {
  const [flow] = await deps.db.select().from(socialFlows).where(eq(socialFlows.id, id)).limit(1)
  return flow
}

/** The flow, if it is this device's: another device's reads exactly like none. */
async function ownFlow(deps: AuthDeps, id: string, owner: FlowOwner): Promise<FlowRow | undefined> {
  const [flow] = await deps.db.select().from(socialFlows).where(ownedBy(id, owner)).limit(1)
  return flow
}

/**
 * The flow's result for the device that started it.
 * @throws SocialError 404 FLOW_NOT_FOUND (unknown, or another device's), 409 FLOW_USED.
 */
export async function flowResult(
  deps: AuthDeps,
  id: string,
  owner: FlowOwner,
): Promise<SocialResultResponse> {
  const flow = await ownFlow(deps, id, owner)
  if (!flow) throw flowNotFound()
  switch (flow.status) {
    case 'ready':
      return { status: 'ready' }
    case 'connected':
      throw flowUsed()
    case 'error':
      return failureResult(flow)
    default:
      // Past its time the popup can no longer come back: say so instead of "pending" forever.
      if (flow.expiresAt.getTime() <= deps.now()) return { status: 'error', ...flowTimedOut() }
      return { status: 'pending' }
  }
}

function failureResult(flow: FlowRow): SocialResultResponse {
  const failure = flowTimedOut()
  const code = flow.errorCode
  const known =
    code === 'ACCESS_DENIED' ||
    code === 'PROVIDER_ERROR' ||
    code === 'PROVIDER_RESPONSE_INVALID' ||
    code === 'FLOW_EXPIRED' ||
    code === 'FLOW_OTHER_BROWSER'
  return known
    ? { status: 'error', code, message: flow.errorMessage ?? failure.message }
    : { status: 'error', ...failure }
}

/**
 * Takes the ready flow for its session: once, by the device that started it, before it expires.
 * A mini app's flow only with its return code (`returnCodeHash`, already checked by the caller,
 * and checked again here in the same update); without it, it reads like no flow at all.
 * @returns the flow, now `connected`.
 * @throws SocialError 404 FLOW_NOT_FOUND, 409 FLOW_NOT_READY or FLOW_USED, 410 FLOW_EXPIRED.
 */
export async function takeFlow(
  deps: AuthDeps,
  id: string,
  owner: FlowOwner,
  returnCodeHash?: string,
): Promise<FlowRow & { userId: string; username: string }> {
  const now = new Date(deps.now())
  const bound =
    returnCodeHash === undefined
      ? isNull(socialFlows.returnUrl)
      : eq(socialFlows.returnCodeHash, returnCodeHash)
  const [taken] = await deps.db
    .update(socialFlows)
    .set({ status: 'connected', connectedAt: now })
    .where(
      and(
        ownedBy(id, owner),
        bound,
        eq(socialFlows.status, 'ready'),
        gt(socialFlows.expiresAt, now),
      ),
    )
    .returning()
  if (taken?.userId && taken.username) {
    return { ...taken, userId: taken.userId, username: taken.username }
  }
  const flow = await ownFlow(deps, id, owner)
  if (!flow || (flow.returnUrl !== null && returnCodeHash === undefined)) throw flowNotFound()
  if (flow.status === 'connected') throw flowUsed()
  if (flow.expiresAt <= now) throw flowExpired()
  throw flowNotReady()
}
