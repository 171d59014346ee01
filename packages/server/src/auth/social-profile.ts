import { emailSchema, type SocialProvider } from '@latch/core/api'
import type { OAuth2Tokens } from 'arctic'
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose'
import * as z from 'zod'
import { PROVIDER_TIMEOUT_MS, type ProviderClient } from './social-client.js'
import { ProviderResponseError } from './social-errors.js'

// Who signed in, as the provider vouches for it: Google and Apple from their id token, verified
// against their keys (issuer, audience, nonce, expiry, signature); GitHub, Discord, X and
// Facebook from their user-info APIs, with the access token of the exchange.

/** The provider's user, normalised. */
export interface ProviderProfile {
  /** The provider's stable user id: what the account is linked by. */
  subject: string
  /**
   * What the visitor is shown as (SPEC §3's social username); null when the provider told no
   * name this time (Apple without an email tells the name once, on the first consent).
   */
  username: string | null
  /** Lower case; null when the provider gave none (or an invalid one). */
  email: string | null
  /** Only true when the provider says so: the one case an email may link accounts. */
  emailVerified: boolean
}

/** Google also writes its issuer without the scheme (its OIDC documentation allows both). */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com']

/** The key sets of the jwksUris seen, each fetched (and refreshed on a new `kid`) by jose. */
const keySets = new Map<string, JWTVerifyGetKey>()

function keySetOf(jwksUri: string): JWTVerifyGetKey {
  let keySet = keySets.get(jwksUri)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS })
    keySets.set(jwksUri, keySet)
  }
  return keySet
}

/** A provider's email, checked and lowered; null when absent or not an address. */
function emailOf(value: unknown): string | null {
  const parsed = emailSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** Apple writes booleans in its id token as strings ("true") in older tokens. */
const claimBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
])

const idTokenClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  nonce: z.string(),
  email: z.string().optional(),
  email_verified: claimBoolean.optional(),
  name: z.string().optional(),
})

/** What the callback adds to an id token: Apple's `user` form field, sent on first consent. */
export interface CallbackExtras {
  /** The name in Apple's `user` JSON: shown, never trusted for anything else. */
  displayName?: string
}

/** Apple's `user` field: it comes through the browser, so only its name is read, for display. */
const appleUserSchema = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
})

/** The display name in Apple's `user` field; anything malformed is ignored. */
export function appleCallbackExtras(user: string | undefined): CallbackExtras {
  if (user === undefined) return {}
  let json: unknown
  try {
    json = JSON.parse(user)
  } catch {
    return {}
  }
  const parsed = appleUserSchema.safeParse(json)
  const name = parsed.success ? parsed.data.name : undefined
  const displayName = [name?.firstName, name?.lastName].filter(Boolean).join(' ').trim()
  return displayName === '' ? {} : { displayName: displayName.slice(0, 256) }
}

async function fromIdToken(
  client: ProviderClient,
  tokens: OAuth2Tokens,
  expected: { nonce: string; now: number; extras: CallbackExtras },
): Promise<ProviderProfile> {
  const { issuer, jwksUri } = client.endpoints
  if (issuer === undefined || jwksUri === undefined) {
    throw new ProviderResponseError(client.provider, 'no issuer or jwksUri configured')
  }
  let payload: unknown
  try {
    const issuers =
      client.provider === 'google' && issuer === GOOGLE_ISSUERS[0] ? GOOGLE_ISSUERS : issuer
    payload = (
      await jwtVerify(tokens.idToken(), keySetOf(jwksUri), {
        issuer: issuers,
        audience: client.clientId,
        currentDate: new Date(expected.now),
        requiredClaims: ['exp', 'iat', 'sub'],
      })
    ).payload
  } catch (error) {
    throw new ProviderResponseError(client.provider, 'id token refused', { cause: error })
  }
  const claims = idTokenClaimsSchema.safeParse(payload)
  if (!claims.success) throw new ProviderResponseError(client.provider, 'id token claims')
  if (claims.data.nonce !== expected.nonce) {
    throw new ProviderResponseError(client.provider, 'id token nonce does not match the flow')
  }
  const email = emailOf(claims.data.email)
  return {
    subject: claims.data.sub,
    username: email ?? claims.data.name ?? expected.extras.displayName ?? null,
    email,
    emailVerified: email !== null && claims.data.email_verified === true,
  }
}

/** A GET of a user-info API with the access token, its JSON checked by `schema`. */
async function getJson<T>(
  client: ProviderClient,
  url: string,
  accessToken: string,
  schema: z.ZodType<T>,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        // GitHub refuses requests without one.
        'user-agent': 'latch-server',
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
  } catch (error) {
    throw new ProviderResponseError(client.provider, `${url} failed`, { cause: error })
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new ProviderResponseError(client.provider, `${url} answered ${response.status}`)
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined))
  if (!parsed.success) throw new ProviderResponseError(client.provider, `${url}: unexpected JSON`)
  return parsed.data
}

const id = z.union([z.string().regex(/^[0-9A-Za-z_-]{1,64}$/), z.number().int().nonnegative()])
const text = z.string().min(1).max(256)

const githubUserSchema = z.object({ id, login: text, email: z.string().nullish() })
const githubEmailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
)
const discordUserSchema = z.object({
  id,
  username: text,
  global_name: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
})
const xUserSchema = z.object({ data: z.object({ id, name: z.string(), username: text }) })
const facebookUserSchema = z.object({ id, name: text, email: z.string().optional() })

function userInfoEndpoint(client: ProviderClient): string {
  const url = client.endpoints.userInfoEndpoint
  if (url === undefined) throw new ProviderResponseError(client.provider, 'no userInfoEndpoint')
  return url
}

/** GitHub: the user, then its verified primary email (the `/user` email may be unverified). */
async function github(client: ProviderClient, accessToken: string): Promise<ProviderProfile> {
  const user = await getJson(client, userInfoEndpoint(client), accessToken, githubUserSchema)
  const emailsUrl = client.endpoints.userEmailsEndpoint
  const emails = emailsUrl ? await getJson(client, emailsUrl, accessToken, githubEmailsSchema) : []
  const primary = emails.find((entry) => entry.primary && entry.verified)
  const verified = primary ? emailOf(primary.email) : null
  const email = verified ?? emailOf(user.email)
  return {
    subject: String(user.id),
    username: user.login,
    email,
    emailVerified: verified !== null,
  }
}

async function discord(client: ProviderClient, accessToken: string): Promise<ProviderProfile> {
  const user = await getJson(client, userInfoEndpoint(client), accessToken, discordUserSchema)
  const email = emailOf(user.email)
  return {
    subject: String(user.id),
    username: user.username,
    email,
    emailVerified: email !== null && user.verified === true,
  }
}

/** X gives no email at all. */
async function x(client: ProviderClient, accessToken: string): Promise<ProviderProfile> {
  const { data } = await getJson(client, userInfoEndpoint(client), accessToken, xUserSchema)
  return { subject: String(data.id), username: data.username, email: null, emailVerified: false }
}

/**
 * Facebook: its Graph API says nothing of whether the email was verified, so it never links an
 * account.
 */
async function facebook(client: ProviderClient, accessToken: string): Promise<ProviderProfile> {
  const url = new URL(userInfoEndpoint(client))
  url.searchParams.set('fields', 'id,name,email')
  const user = await getJson(client, url.href, accessToken, facebookUserSchema)
  return {
    subject: String(user.id),
    username: user.name,
    email: emailOf(user.email),
    emailVerified: false,
  }
}

const USER_INFO = { github, discord, x, facebook } as const

/**
 * The user behind the tokens of an exchange.
 * @throws ProviderResponseError when the id token or the user-info answer fails a check.
 */
export async function providerProfile(
  client: ProviderClient,
  tokens: OAuth2Tokens,
  expected: { nonce: string | null; now: number; extras: CallbackExtras },
): Promise<ProviderProfile> {
  const { provider } = client
  if (provider === 'google' || provider === 'apple') {
    if (expected.nonce === null) throw new ProviderResponseError(provider, 'flow without a nonce')
    return fromIdToken(client, tokens, { ...expected, nonce: expected.nonce })
  }
  let accessToken: string
  try {
    accessToken = tokens.accessToken()
  } catch (error) {
    throw new ProviderResponseError(provider, 'no access token', { cause: error })
  }
  return USER_INFO[provider satisfies Exclude<SocialProvider, 'google' | 'apple'>](
    client,
    accessToken,
  )
}
