import type { SocialProviderId } from './types.js'

/**
 * How a client authenticates at a provider's token endpoint, as the real provider accepts it:
 * - `basic-or-post`: HTTP Basic, or `client_id` + `client_secret` in the body (Google, GitHub
 *   and Discord document both);
 * - `basic`: HTTP Basic only (X, for confidential clients);
 * - `post`: in the body only (Facebook);
 * - `apple`: in the body only, the secret being the developer's ES256 JWT when a key is set.
 */
export type TokenAuth = 'basic-or-post' | 'basic' | 'post' | 'apple'

/** What one of the six providers is, as far as the Latch server can tell. */
export interface Persona {
  readonly id: SocialProviderId
  /** The provider's name, on its sign-in page. */
  readonly displayName: string
  /** OpenID Connect (an id_token with the email claims) rather than OAuth 2.0 plus an API. */
  readonly openid: boolean
  /** The scope values the provider knows and grants; others in a request are left out. */
  readonly scopes: readonly string[]
  /** Whether an authorization request without PKCE (S256) is refused. */
  readonly pkceRequired: boolean
  readonly tokenAuth: TokenAuth
  /** The user-info API's path under the provider's prefix. */
  readonly userInfoPath?: string
  /** GitHub's `/user/emails`. */
  readonly userEmailsPath?: string
}

/**
 * The six providers. PKCE is required where the real provider requires it (X) or where every
 * well-kept client sends it (Google); elsewhere it is optional, and checked whenever a
 * `code_challenge` was sent.
 */
export const PERSONAS: Readonly<Record<SocialProviderId, Persona>> = {
  google: {
    id: 'google',
    displayName: 'Google',
    openid: true,
    scopes: ['openid', 'email', 'profile'],
    pkceRequired: true,
    tokenAuth: 'basic-or-post',
  },
  github: {
    id: 'github',
    displayName: 'GitHub',
    openid: false,
    scopes: ['read:user', 'user:email', 'user'],
    pkceRequired: false,
    tokenAuth: 'basic-or-post',
    userInfoPath: '/user',
    userEmailsPath: '/user/emails',
  },
  apple: {
    id: 'apple',
    displayName: 'Apple',
    openid: true,
    scopes: ['openid', 'email', 'name'],
    pkceRequired: false,
    tokenAuth: 'apple',
  },
  facebook: {
    id: 'facebook',
    displayName: 'Facebook',
    openid: false,
    scopes: ['public_profile', 'email'],
    pkceRequired: false,
    tokenAuth: 'post',
    userInfoPath: '/me',
  },
  x: {
    id: 'x',
    displayName: 'X',
    openid: false,
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    pkceRequired: true,
    tokenAuth: 'basic',
    userInfoPath: '/2/users/me',
  },
  discord: {
    id: 'discord',
    displayName: 'Discord',
    openid: false,
    scopes: ['identify', 'email'],
    pkceRequired: false,
    tokenAuth: 'basic-or-post',
    userInfoPath: '/users/@me',
  },
}
