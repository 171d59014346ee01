import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.js'

// Sign in with Farcaster (issue 12): the server's auth relay keeps its channels here, so every
// instance on the database serves the same channel (the phone and the frame may reach different
// ones). A Farcaster account links to a Latch account through `social_identities` (provider
// `farcaster`, subject the fid), like a social provider's user.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** The request a channel's message must answer: the relay protocol's `signatureParams`. */
export interface ChannelParams {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
}

/**
 * One relay channel: a frame's sign-in (bound to the device key that started it) or a channel
 * of the open relay (no project, no device). The channel token is stored only as an HMAC.
 */
export const farcasterChannels = pgTable(
  'farcaster_channels',
  {
    /** What the frame polls and connects with (never in the link). */
    id: uuid('id').primaryKey(),
    /** HMAC of the channel token: the relay's calls find the channel by it. */
    tokenHash: text('token_hash').notNull(),
    /** The frame's project; null for an open relay channel. */
    projectId: text('project_id'),
    /** The device key that started the sign-in: only it may read the result or connect. */
    deviceJkt: text('device_jkt'),
    signatureParams: jsonb('signature_params').$type<ChannelParams>().notNull(),
    /** The sign-in link (the Farcaster app's URL with the channel token). */
    url: text('url').notNull(),
    /** Who opened the channel, as the relay tells the app (`metadata`). */
    creatorIp: text('creator_ip').notNull(),
    creatorUserAgent: text('creator_user_agent').notNull(),
    /** `pending` → `completed` (a verified approval) → `connected` (a frame's session given). */
    status: text('status').notNull(),
    /** The approval, once its signature, nonce, domain and custody were verified. */
    fid: bigint('fid', { mode: 'number' }),
    custody: text('custody'),
    message: text('message'),
    signature: text('signature'),
    /** The profile the Farcaster app told (shown, never trusted for the link). */
    username: text('username'),
    displayName: text('display_name'),
    bio: text('bio'),
    pfpUrl: text('pfp_url'),
    /** The account the fid logged into, once connected. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
    connectedAt: at('connected_at'),
  },
  (table) => [
    uniqueIndex('farcaster_channels_token_idx').on(table.tokenHash),
    index('farcaster_channels_expires_idx').on(table.expiresAt),
    check(
      'farcaster_channels_status',
      sql`${table.status} in ('pending', 'completed', 'connected')`,
    ),
    // A frame's sign-in has both; an open relay channel neither.
    check(
      'farcaster_channels_owner',
      sql`(${table.projectId} is null) = (${table.deviceJkt} is null)`,
    ),
  ],
)
