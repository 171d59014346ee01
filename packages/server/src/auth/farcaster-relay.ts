import { generateNonce } from '@farcaster/auth-client'
import { HttpError } from '../http/errors.js'
import type { ChannelParams } from '../db/schema.js'
import {
  channelOfToken,
  completeChannel,
  openChannel,
  type ChannelRow,
  type NewChannel,
  type OpenedChannel,
} from './farcaster-channels.js'
import type { FarcasterConfig } from './farcaster-config.js'
import {
  channelCompleted,
  channelExpired,
  channelUnknown,
  openRelayOff,
} from './farcaster-errors.js'
import type {
  RelayAuthenticateRequest,
  RelayChannelRequest,
  RelayStatus,
} from './farcaster-relay-schemas.js'
import type { SignInVerifier } from './farcaster-verify.js'
import type { AuthDeps } from './context.js'
import { enforceLimits } from './limits.js'

// The server's Farcaster auth relay: the channel protocol of Farcaster's relay, which
// @farcaster/auth-client's app and wallet clients speak. One difference: this relay verifies each
// signed message itself (signature, nonce, domain, URI, custody) before it completes a channel,
// where Farcaster's relay takes the app's word behind a shared key. So no relay key is needed,
// and a completed channel is always one a frame may connect.

/** What the relay needs. */
export interface RelayDeps {
  auth: AuthDeps
  config: FarcasterConfig
  verify: SignInVerifier
}

/** Who called, as the relay shows the app who opened a channel. */
export interface RelayCaller {
  ip: string
  userAgent: string
}

/**
 * Opens a channel on the server: the relay protocol's `createChannel` when `owner` is
 * undefined (the open relay), or a frame's sign-in. A missing nonce is made here.
 */
export async function openRelayChannel(
  deps: RelayDeps,
  params: Omit<ChannelParams, 'nonce'> & { nonce?: string | undefined },
  owner: NewChannel['owner'],
  caller: RelayCaller,
): Promise<OpenedChannel & { nonce: string }> {
  const nonce = params.nonce ?? generateNonce()
  const opened = await openChannel(deps.auth, {
    params: { ...params, nonce },
    owner,
    ttlSeconds: deps.config.channelTtlSeconds,
    signInUrl: deps.config.signInUrl,
    creator: caller,
  })
  return { ...opened, nonce }
}

/** `POST …/v1/channel`: an app client's channel (no device: it never connects a frame). */
export async function createOpenChannel(
  deps: RelayDeps,
  request: RelayChannelRequest,
  caller: RelayCaller,
) {
  if (!deps.config.openRelay) throw openRelayOff()
  await enforceLimits(deps.auth, [
    [`farcaster:channel:${caller.ip}`, deps.config.rateLimits.channelPerIp],
  ])
  const { acceptAuthAddress: _custodyOnly, ...params } = request
  const { channelToken, url, nonce } = await openRelayChannel(deps, params, undefined, caller)
  return { channelToken, url, connectUri: url, nonce }
}

/** The channel as the relay answers it: its request, and the approval once verified. */
export function relayStatus(channel: ChannelRow): RelayStatus {
  const base: RelayStatus = {
    state: channel.status === 'pending' ? 'pending' : 'completed',
    nonce: channel.signatureParams.nonce,
    signatureParams: channel.signatureParams,
    metadata: { ip: channel.creatorIp, userAgent: channel.creatorUserAgent },
    acceptAuthAddress: false,
  }
  if (channel.status === 'pending' || channel.fid === null) return base
  const optional = (value: string | null) => value ?? undefined
  return {
    ...base,
    authMethod: 'custody',
    fid: channel.fid,
    message: optional(channel.message),
    signature: optional(channel.signature),
    custody: optional(channel.custody),
    username: optional(channel.username),
    displayName: optional(channel.displayName),
    bio: optional(channel.bio),
    pfpUrl: optional(channel.pfpUrl),
    // Verified addresses live on Farcaster's hubs, which this relay does not read.
    verifications: [],
  }
}

/** The live channel a relay call's token names. @throws HttpError 401 unknown or expired. */
async function liveChannel(deps: RelayDeps, channelToken: string): Promise<ChannelRow> {
  const channel = await channelOfToken(deps.auth, channelToken)
  if (!channel) throw channelUnknown()
  if (channel.expiresAt.getTime() <= deps.auth.now()) throw channelExpired()
  return channel
}

/**
 * `POST …/v1/channel/authenticate`: the Farcaster app's approval. It completes the channel only
 * once verified; a refused message leaves the channel pending, so an app that scanned someone
 * else's code cannot end their sign-in by sending garbage.
 * @returns the completed channel.
 * @throws HttpError 401 (unknown or expired channel, a refused message), 400 (not a SIWF
 * message, an auth-address signature), 409 (already approved), 503 (registry unreachable), 429.
 */
export async function authenticateChannel(
  deps: RelayDeps,
  channelToken: string,
  request: RelayAuthenticateRequest,
  caller: RelayCaller,
): Promise<RelayStatus> {
  await enforceLimits(deps.auth, [
    [`farcaster:authenticate:${caller.ip}`, deps.config.rateLimits.authenticatePerIp],
  ])
  const channel = await liveChannel(deps, channelToken)
  if (channel.status !== 'pending') throw channelCompleted()
  if (request.authMethod === 'authAddress') {
    throw new HttpError(400, 'This relay accepts custody signatures only')
  }
  const custody = await deps.verify({
    message: request.message,
    signature: request.signature,
    fid: request.fid,
    params: channel.signatureParams,
  })
  const completed = await completeChannel(deps.auth, channel.id, {
    fid: request.fid,
    custody,
    message: request.message,
    signature: request.signature,
    username: request.username,
    displayName: request.displayName,
    bio: request.bio,
    pfpUrl: request.pfpUrl,
  })
  if (completed) return relayStatus(completed)
  // Another approval came first, or the time ran out during the check.
  const now = await liveChannel(deps, channelToken)
  if (now.status !== 'pending') throw channelCompleted()
  throw channelExpired()
}

/**
 * `GET …/v1/channel/status`: the channel for whoever holds its token (the Farcaster app reads
 * the request from it; an app client polls it). Unlike Farcaster's relay, reading a completed
 * channel does not close it: the frame still has to connect.
 * @throws HttpError 401 unknown or expired channel, 429.
 */
export async function channelStatus(
  deps: RelayDeps,
  channelToken: string,
  caller: RelayCaller,
): Promise<RelayStatus> {
  await enforceLimits(deps.auth, [
    [`farcaster:status:${caller.ip}`, deps.config.rateLimits.statusPerIp],
  ])
  return relayStatus(await liveChannel(deps, channelToken))
}
