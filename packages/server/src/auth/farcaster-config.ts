import { FARCASTER_CHANNEL_TTL_SECONDS } from '@latch/core/api'
import * as z from 'zod'

// The `farcaster` section of the server's configuration (issue 12): where the IdRegistry is read,
// the link the Farcaster app opens, the channels' lifetime and the relay's limits. Absent, the
// Farcaster routes answer FARCASTER_NOT_CONFIGURED.

/** Farcaster's public OP mainnet RPC: the production default, as auth-client's own. */
export const OP_MAINNET_RPC_URL = 'https://mainnet.optimism.io'

/** The Farcaster app's sign-in link, as Farcaster's own relay makes it (`?channelToken=` added). */
export const FARCASTER_SIGN_IN_URL = 'https://farcaster.xyz/~/siwf'

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * A sign-in link carries the channel token: https (or the app's own `farcaster:` scheme), or
 * http on the loopback host (the playground's page standing in for the phone).
 */
function isSafeSignInUrl(value: string): boolean {
  const url = new URL(value)
  if (url.protocol === 'https:' || url.protocol === 'farcaster:') return true
  return url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname)
}

const rateLimitSchema = z.object({
  requests: z.number().int().positive(),
  windowSeconds: z.number().int().positive().max(86_400),
})

const limit = (requests: number) => rateLimitSchema.default({ requests, windowSeconds: 600 })

/** The limits per client address, counted in the database like the email login's. */
const farcasterRateLimitsSchema = z.object({
  /** Sign-ins started by the frame: 30 per 10 minutes. */
  startPerIp: limit(30),
  /** The frame's result polls (about one a second while the QR code shows): 900 per 10 minutes. */
  resultPerIp: limit(900),
  /** Connects: 30 per 10 minutes. */
  connectPerIp: limit(30),
  /** Channels opened on the open relay (`POST /v1/channel`): 30 per 10 minutes. */
  channelPerIp: limit(30),
  /** Signed messages posted by Farcaster apps: 60 per 10 minutes. */
  authenticatePerIp: limit(60),
  /** Relay status reads (apps and app clients poll it): 900 per 10 minutes. */
  statusPerIp: limit(900),
})

export const farcasterConfigSchema = z.object({
  /**
   * JSON-RPC endpoints of the chain holding Farcaster's IdRegistry at its canonical address
   * (OP mainnet; the devnet installs its own there), tried in order. A signer is accepted only
   * when the registry says it is the custody address of the fid its message claims.
   */
  rpcUrls: z
    .array(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }))
    .min(1)
    .default([OP_MAINNET_RPC_URL]),
  /** The link the QR code and the deep link open; `?channelToken=…` is added. */
  signInUrl: z
    .url({ protocol: /^(https?|farcaster)$/, error: 'Must be an https: or farcaster: URL' })
    .refine(isSafeSignInUrl, 'Must be https or farcaster: (http only on localhost or 127.0.0.1)')
    .default(FARCASTER_SIGN_IN_URL),
  /** How long a channel lives from its creation. */
  channelTtlSeconds: z.number().int().min(30).max(3_600).default(FARCASTER_CHANNEL_TTL_SECONDS),
  /**
   * Whether anyone may open a channel of their own (`POST …/relay/v1/channel`, what
   * auth-client's `createChannel` calls), as on Farcaster's public relay. The frame's sign-ins
   * do not need it.
   */
  openRelay: z.boolean().default(true),
  rateLimits: farcasterRateLimitsSchema.default(farcasterRateLimitsSchema.parse({})),
})

export type FarcasterConfig = z.output<typeof farcasterConfigSchema>

/**
 * The whole configuration's Farcaster rule, for its `superRefine`: Farcaster needs `auth` (its
 * sessions are the email login's).
 */
export function checkFarcasterConfig(
  config: { farcaster?: FarcasterConfig | undefined; auth?: unknown },
  addIssue: (issue: { path: (string | number)[]; message: string }) => void,
): void {
  if (config.farcaster !== undefined && config.auth === undefined) {
    addIssue({ path: ['farcaster'], message: 'Farcaster needs auth (its sessions are the same)' })
  }
}
