import { randomUUID } from 'node:crypto'
import type { FarcasterResultResponse } from '@latch/core/api'
import { and, eq, gt, lt } from 'drizzle-orm'
import { farcasterChannels, type ChannelParams } from '../db/schema.js'
import type { AuthDeps } from './context.js'
import { hmac, randomToken } from './crypto.js'
import {
  flowExpired,
  flowNotFound,
  flowNotReady,
  flowUsed,
  FLOW_EXPIRED_MESSAGE,
} from './farcaster-errors.js'
import type { FlowOwner } from './social-flows.js'

// The relay's channels in the database. Each step is one conditional update, so two requests
// (two approvals of one channel, two connects of one flow, on one instance or several) never
// both succeed.

export type ChannelRow = typeof farcasterChannels.$inferSelect

/** How long an ended channel is kept, for the operator, before a later one sweeps it. */
const KEEP_ENDED_CHANNELS_MS = 24 * 3600 * 1000

/** The stored form of a channel token: an HMAC, so the table alone cannot answer the relay. */
const tokenHash = (deps: AuthDeps, token: string) =>
  hmac(deps.keys.token, `farcaster-channel:${token}`)

/** A channel to open. */
export interface NewChannel {
  params: ChannelParams
  /** The frame's device and project; undefined for an open relay channel. */
  owner: FlowOwner | undefined
  ttlSeconds: number
  /** The Farcaster app's sign-in URL, which gets `?channelToken=`. */
  signInUrl: string
  /** Who asked, as the relay shows the app. */
  creator: { ip: string; userAgent: string }
}

/** A new channel, with the token its link carries (never stored). */
export interface OpenedChannel {
  id: string
  /** 256 random bits, base64url. */
  channelToken: string
  url: string
}

export async function openChannel(deps: AuthDeps, channel: NewChannel): Promise<OpenedChannel> {
  const now = deps.now()
  const channelToken = randomToken()
  const url = new URL(channel.signInUrl)
  url.searchParams.set('channelToken', channelToken)
  const id = randomUUID()
  await deps.db
    .delete(farcasterChannels)
    .where(lt(farcasterChannels.expiresAt, new Date(now - KEEP_ENDED_CHANNELS_MS)))
  await deps.db.insert(farcasterChannels).values({
    id,
    tokenHash: tokenHash(deps, channelToken),
    projectId: channel.owner?.projectId ?? null,
    deviceJkt: channel.owner?.jkt ?? null,
    signatureParams: channel.params,
    url: url.href,
    creatorIp: channel.creator.ip,
    creatorUserAgent: channel.creator.userAgent,
    status: 'pending',
    createdAt: new Date(now),
    expiresAt: new Date(now + channel.ttlSeconds * 1000),
  })
  return { id, channelToken, url: url.href }
}

/** The channel a relay call names by its token, if any (expired ones too: the caller decides). */
export async function channelOfToken(
  deps: AuthDeps,
  channelToken: string,
): Promise<ChannelRow | undefined> {
  const [channel] = await deps.db
    .select()
    .from(farcasterChannels)
    .where(eq(farcasterChannels.tokenHash, tokenHash(deps, channelToken)))
    .limit(1)
  return channel
}

/** A verified approval: the signed message and the account it proves. */
export interface Approval {
  fid: number
  custody: string
  message: string
  signature: string
  username: string | undefined
  displayName: string | undefined
  bio: string | undefined
  pfpUrl: string | undefined
}

/**
 * Records a verified approval, once, while the channel is pending and unexpired.
 * @returns the completed channel; undefined when another approval came first or time ran out.
 */
export async function completeChannel(
  deps: AuthDeps,
  id: string,
  approval: Approval,
): Promise<ChannelRow | undefined> {
  const now = new Date(deps.now())
  const [completed] = await deps.db
    .update(farcasterChannels)
    .set({
      status: 'completed',
      completedAt: now,
      fid: approval.fid,
      custody: approval.custody,
      message: approval.message,
      signature: approval.signature,
      username: approval.username ?? null,
      displayName: approval.displayName ?? null,
      bio: approval.bio ?? null,
      pfpUrl: approval.pfpUrl ?? null,
    })
    .where(
      and(
        eq(farcasterChannels.id, id),
        eq(farcasterChannels.status, 'pending'),
        gt(farcasterChannels.expiresAt, now),
      ),
    )
    .returning()
  return completed
}

const ownedBy = (id: string, owner: FlowOwner) =>
  and(
    eq(farcasterChannels.id, id),
    eq(farcasterChannels.deviceJkt, owner.jkt),
    eq(farcasterChannels.projectId, owner.projectId),
  )

/** The channel, if it is this device's: another device's reads exactly like none. */
async function ownChannel(
  deps: AuthDeps,
  id: string,
  owner: FlowOwner,
): Promise<ChannelRow | undefined> {
  const [channel] = await deps.db
    .select()
    .from(farcasterChannels)
    .where(ownedBy(id, owner))
    .limit(1)
  return channel
}

/**
 * The sign-in's state for the device that started it.
 * @throws FarcasterError 404 FLOW_NOT_FOUND (unknown, or another device's), 409 FLOW_USED.
 */
export async function channelResult(
  deps: AuthDeps,
  id: string,
  owner: FlowOwner,
): Promise<FarcasterResultResponse> {
  const channel = await ownChannel(deps, id, owner)
  if (!channel) throw flowNotFound()
  if (channel.status === 'connected') throw flowUsed()
  // Past its time a channel can no longer connect, approved or not: say so, as connect would.
  if (channel.expiresAt.getTime() <= deps.now()) {
    return { status: 'error', code: 'FLOW_EXPIRED', message: FLOW_EXPIRED_MESSAGE }
  }
  return channel.status === 'completed' ? { status: 'ready' } : { status: 'pending' }
}

/**
 * Takes the approved channel for its session: once, by the device that started it, before it
 * expires.
 * @returns the channel, now `connected`, with its fid.
 * @throws FarcasterError 404 FLOW_NOT_FOUND, 409 FLOW_NOT_READY or FLOW_USED, 410 FLOW_EXPIRED.
 */
export async function takeChannel(
  deps: AuthDeps,
  id: string,
  owner: FlowOwner,
): Promise<ChannelRow & { fid: number }> {
  const now = new Date(deps.now())
  const [taken] = await deps.db
    .update(farcasterChannels)
    .set({ status: 'connected', connectedAt: now })
    .where(
      and(
        ownedBy(id, owner),
        eq(farcasterChannels.status, 'completed'),
        gt(farcasterChannels.expiresAt, now),
      ),
    )
    .returning()
  if (taken?.fid) return { ...taken, fid: taken.fid }
  const channel = await ownChannel(deps, id, owner)
  if (!channel) throw flowNotFound()
  if (channel.status === 'connected') throw flowUsed()
  if (channel.expiresAt <= now) throw flowExpired()
  throw flowNotReady()
}

/** Records which account a connected channel logged into, for the operator. */
export async function recordAccount(deps: AuthDeps, id: string, userId: string): Promise<void> {
  await deps.db.update(farcasterChannels).set({ userId }).where(eq(farcasterChannels.id, id))
}
