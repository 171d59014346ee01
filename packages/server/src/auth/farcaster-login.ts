import type {
  FarcasterConnectResponse,
  FarcasterResultResponse,
  FarcasterStartResponse,
} from '@latch/core/api'
import { channelResult, recordAccount, takeChannel } from './farcaster-channels.js'
import { openRelayChannel, type RelayDeps } from './farcaster-relay.js'
import { enforceLimits } from './limits.js'
import { openSession } from './sessions.js'
import type { FlowOwner } from './social-flows.js'
import { linkSocialAccount } from './social-link.js'
import { socialDevice, type SocialCaller } from './social-login.js'

// Sign in with Farcaster for the frame (issue 12): start → the Farcaster app approves on the
// relay → result → connect. It ends where the social login ends: a session of the account the
// fid is linked to (a new device left pending, see socialDevice), tokens bound to the device key
// that started the sign-in.

/** A checked call of the frame (its device key, project and client address) and its browser. */
export interface FarcasterCaller extends SocialCaller {
  userAgent: string
}

const owner = (caller: SocialCaller): FlowOwner => ({
  jkt: caller.device.jkt,
  projectId: caller.projectId,
})

/**
 * GET_FARCASTER_URI: a channel for this device, whose message must be signed for this server
 * (the frame's origin: `auth.publicUrl`'s host as the domain, the origin as the URI) and expire
 * with the channel.
 * @throws AuthError 429 over the limit.
 */
export async function startFarcasterLogin(
  deps: RelayDeps,
  caller: FarcasterCaller,
): Promise<FarcasterStartResponse> {
  const { auth, config } = deps
  await enforceLimits(auth, [[`farcaster:start:${caller.ip}`, config.rateLimits.startPerIp]])
  const origin = new URL(auth.config.publicUrl)
  const expiresAt = new Date(auth.now() + config.channelTtlSeconds * 1000)
  const opened = await openRelayChannel(
    deps,
    { siweUri: origin.origin, domain: origin.host, expirationTime: expiresAt.toISOString() },
    owner(caller),
    { ip: caller.ip, userAgent: caller.userAgent },
  )
  return { url: opened.url, channelToken: opened.channelToken, flowId: opened.id }
}

/** The frame's poll: pending, error or ready, for the device that started the sign-in only. */
export async function farcasterResult(
  deps: RelayDeps,
  caller: SocialCaller,
  flowId: string,
): Promise<FarcasterResultResponse> {
  await enforceLimits(deps.auth, [
    [`farcaster:result:${caller.ip}`, deps.config.rateLimits.resultPerIp],
  ])
  return channelResult(deps.auth, flowId, owner(caller))
}

/**
 * CONNECT_FARCASTER: the approved sign-in's session, once, for the device that started it. The
 * fid links to one account (`social_identities`, provider `farcaster`) exactly as a social
 * provider's user id does: the same embedded wallet on every sign-in. Farcaster vouches for no
 * email, so a first sign-in makes an account of its own.
 * @throws FarcasterError FLOW_NOT_FOUND, FLOW_NOT_READY, FLOW_USED, FLOW_EXPIRED; AuthError 429.
 */
export async function connectFarcaster(
  deps: RelayDeps,
  caller: SocialCaller,
  flowId: string,
): Promise<FarcasterConnectResponse> {
  const { auth } = deps
  await enforceLimits(auth, [
    [`farcaster:connect:${caller.ip}`, deps.config.rateLimits.connectPerIp],
  ])
  const channel = await takeChannel(auth, flowId, owner(caller))
  const now = new Date(auth.now())
  const { user, username } = await linkSocialAccount(
    auth.db,
    'farcaster',
    { subject: String(channel.fid), username: channel.username, email: null, emailVerified: false },
    now,
  )
  await recordAccount(auth, channel.id, user.id)
  const device = await socialDevice(auth, user.id, caller.device, now)
  const tokens = await openSession(auth, {
    user,
    deviceId: device.id,
    jkt: caller.device.jkt,
    projectId: caller.projectId,
  })
  return { ...tokens, fid: channel.fid, username }
}
