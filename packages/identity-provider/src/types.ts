// The package's public shapes. The Latch server's social routes are written against them, so
// they change only together with packages/server.
import type { JWK } from 'jose'

/** The six social providers the local identity provider stands in for. */
export type SocialProviderId = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/** Every provider, in the order the endpoints are printed. */
export const SOCIAL_PROVIDER_IDS = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
] as const satisfies readonly SocialProviderId[]

/** A scripted user: the same person behind all six providers. */
export interface IdpUser {
  /**
   * The provider's stable user id: digits (at most 15, since GitHub's `id` is a JSON number),
   * given as `sub` (Google, Apple) or `id` (GitHub, Discord, X, Facebook).
   */
  sub: string
  /** The name typed on the sign-in page; GitHub's `login`, Discord's and X's `username`. */
  username: string
  /** The display name: `name`, Discord's `global_name`. */
  name: string
  /** Absent: the provider has no email for this user (and says so as that provider would). */
  email?: string
  /** Whether the provider vouches for `email` (`email_verified`, Discord's `verified`, …). */
  emailVerified?: boolean
}

/**
 * The developer key Apple's client secret is signed with. Apple's real `client_secret` is an
 * ES256 JWT the developer signs (iss = team id, sub = client id, aud = Apple's issuer); with
 * this set, the local Apple accepts only such a JWT, verified against `publicKey`.
 */
export interface AppleClientSecretKey {
  /** The developer's team id: the JWT's `iss`. */
  teamId: string
  /** The key's id: when set, the JWT's header `kid` must be this. */
  keyId?: string
  /** The public half of the developer's P-256 key: an SPKI PEM or a public JWK. */
  publicKey: string | JWK
}

/** The one client (the Latch server) registered at a provider. */
export interface IdpClient {
  clientId: string
  /** Ignored for Apple when `appleClientSecretKey` is set (the JWT is the secret then). */
  clientSecret: string
  /** Exact redirect URIs the provider will send the code to. */
  redirectUris: string[]
  /** Apple only: verify the client secret as Apple does (see {@link AppleClientSecretKey}). */
  appleClientSecretKey?: AppleClientSecretKey
}

/** Where the Latch server talks to one provider. */
export interface ProviderEndpoints {
  authorizationEndpoint: string
  tokenEndpoint: string
  /**
   * GitHub `GET /user` → `{ id: number, login, name, email }`; Discord `GET /users/@me` →
   * `{ id, username, global_name, email, verified }`; X `GET /2/users/me` →
   * `{ data: { id, name, username } }`; Facebook `GET /me?fields=id,name,email` →
   * `{ id, name, email }` (only the fields asked for; id and name without `fields`).
   * Each wants `Authorization: Bearer <access token>` (Facebook also takes `?access_token=`).
   */
  userInfoEndpoint?: string
  /** GitHub only: `GET /user/emails` → `[{ email, primary, verified, visibility }]`. */
  userEmailsEndpoint?: string
  /** Google and Apple (OIDC): the id_token's `iss`. */
  issuer?: string
  /** Google and Apple: the keys the id_token is signed with (RS256). */
  jwksUri?: string
}

export interface StartIdentityProviderOptions {
  /** 127.0.0.1 (the default) or localhost: the name in every URL; it listens on 127.0.0.1. */
  host?: string
  /** 0 (the default) takes a free port. */
  port?: number
  /** One registered client per provider; a provider without one refuses every client. */
  clients: Partial<Record<SocialProviderId, IdpClient>>
  /** The scripted users; {@link DEFAULT_USERS} when absent. */
  users?: IdpUser[]
}

export interface RunningIdentityProvider {
  /** `http://127.0.0.1:PORT`; each provider lives under `${url}/${id}`. */
  url: string
  providers: Record<SocialProviderId, ProviderEndpoints>
  users: IdpUser[]
  /** Closes the port and every connection; safe to call twice. */
  stop(): Promise<void>
}
