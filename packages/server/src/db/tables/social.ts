import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.js'

// Social login (issue 12). A flow is one popup round trip, started and finished by one device
// key; an identity is a provider's stable user id, linked to one account for good (the same
// embedded wallet on every login). Times come from the server's clock, like the email login's.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * One social login under way. The `state` the provider sees is stored only as an HMAC; the PKCE
 * verifier is not stored at all (it is derived from the state: see codeVerifierOf); the nonce
 * stays here, server-side. Neither is ever sent to the frame.
 */
export const socialFlows = pgTable(
  'social_flows',
  {
    /** What the frame polls and connects with (never sent to the provider). */
    id: uuid('id').primaryKey(),
    /** HMAC of the `state` parameter: the callback finds the flow by it. */
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    projectId: text('project_id').notNull(),
    /** The device key that started the flow: only it may read the result or connect. */
    deviceJkt: text('device_jkt').notNull(),
    /**
     * HMAC of the flow's browser binding: the popup's first page, opened by the app that started
     * the flow, sets it as a cookie, and only a callback carrying it finishes the flow (issue 29).
     */
    bindingHash: text('binding_hash').notNull(),
    /** When the popup took the binding: once. */
    boundAt: at('bound_at'),
    /**
     * A mini app's flow (issue 29, SPEC §2): the host page the callback sends the browser back
     * to, on one of the project's origins. Such a flow has no popup, so it is never bound: the
     * return code below and the device key bind it instead.
     */
    returnUrl: text('return_url'),
    /**
     * HMAC of the return code the callback put in the result URI: the session is given only with
     * it (and only to the device that started the flow). Null until the callback made one.
     */
    returnCodeHash: text('return_code_hash'),
    /** The OIDC nonce (google, apple): the id token must carry it. */
    nonce: text('nonce'),
    /** `pending` → (`ready` | `error`) → `connected`. */
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The account the provider's user is linked to, once the callback finished. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    username: text('username'),
    email: text('email'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** When the provider sent the popup back: a state is accepted once. */
    callbackAt: at('callback_at'),
    /** When the session was given: a flow connects once. */
    connectedAt: at('connected_at'),
  },
  (table) => [
    uniqueIndex('social_flows_state_idx').on(table.stateHash),
    uniqueIndex('social_flows_binding_idx').on(table.bindingHash),
    index('social_flows_expires_idx').on(table.expiresAt),
    check(
      'social_flows_status',
      sql`${table.status} in ('pending', 'ready', 'error', 'connected')`,
    ),
  ],
)

/**
 * A provider's user, linked to one account: `provider` + `subject` (the provider's stable id:
 * the id token's `sub`, GitHub's numeric id, …) finds the same account on every login.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's latest username and email, as last seen (shown, never trusted for links). */
    username: text('username').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull(),
    createdAt: at('created_at').notNull(),
    lastLoginAt: at('last_login_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('social_identities_user_idx').on(table.userId),
  ],
)
