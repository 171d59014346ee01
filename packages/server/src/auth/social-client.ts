import { socialCallbackPath, type SocialProvider } from '@latch/core/api'
import {
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic'
import { importPKCS8, SignJWT } from 'jose'
import {
  SOCIAL_DEFAULT_ENDPOINTS,
  type AppleClientConfig,
  type SocialClientConfig,
  type SocialConfig,
  type SocialEndpoints,
} from './social-config.js'

// The OAuth 2.0 side of a social login, on arctic's generic client so that every endpoint comes
// from the configuration: the authorization URL (state, PKCE S256, and the OIDC nonce), and the
// code exchange, with the client's secret, which never leaves the server.

/** What the server knows of each provider beyond its endpoints. */
interface ProviderTraits {
  /** The scopes asked for: the least that gives the user's id, name and email. */
  scopes: readonly string[]
  /** OpenID Connect: the user is read from a verified id token (with a nonce). */
  oidc: boolean
  /**
   * How the token endpoint takes the client's credentials: HTTP Basic (arctic's way), or in the
   * body, which Apple and Facebook require.
   */
  credentials: 'basic' | 'body'
  /** Apple sends the code back as a POST (and its `user` field only that way). */
  formPost: boolean
}

export const PROVIDER_TRAITS: Record<SocialProvider, ProviderTraits> = {
  google: {
    scopes: ['openid', 'email', 'profile'],
    oidc: true,
    credentials: 'basic',
    formPost: false,
  },
  github: {
    scopes: ['read:user', 'user:email'],
    oidc: false,
    credentials: 'basic',
    formPost: false,
  },
  apple: { scopes: ['name', 'email'], oidc: true, credentials: 'body', formPost: true },
  facebook: {
    scopes: ['public_profile', 'email'],
    oidc: false,
    credentials: 'body',
    formPost: false,
  },
  x: { scopes: ['users.read', 'tweet.read'], oidc: false, credentials: 'basic', formPost: false },
  discord: { scopes: ['identify', 'email'], oidc: false, credentials: 'basic', formPost: false },
}

/** How long Apple's signed client secret is valid: one exchange's worth. */
const APPLE_SECRET_TTL_SECONDS = 300

/** A provider that is on: its credentials and its endpoints (the defaults, overridden). */
export interface ProviderClient {
  provider: SocialProvider
  clientId: string
  endpoints: SocialEndpoints
  /** The redirect URI registered with the provider: this server's callback. */
  redirectUri: string
  /** The client secret for one exchange (Apple's is a fresh JWT each time). */
  secret(now: number): Promise<string>
}

function isAppleKey(
  config: AppleClientConfig,
): config is Extract<AppleClientConfig, { privateKey: string }> {
  return 'privateKey' in config
}

/**
 * Apple's real client secret: an ES256 JWT signed with the developer's key, `iss` the team id,
 * `sub` the client id, `aud` Apple's issuer, valid for a few minutes.
 */
async function appleClientSecret(
  config: Extract<AppleClientConfig, { privateKey: string }>,
  audience: string,
  now: number,
): Promise<string> {
  const key = await importPKCS8(config.privateKey, 'ES256')
  const iat = Math.floor(now / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
    .setIssuer(config.teamId)
    .setSubject(config.clientId)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + APPLE_SECRET_TTL_SECONDS)
    .sign(key)
}

/** The configured client of `provider`, or undefined when it is off. */
export function providerClient(
  social: SocialConfig,
  publicUrl: string,
  provider: SocialProvider,
): ProviderClient | undefined {
  const config: SocialClientConfig | AppleClientConfig | undefined = social.providers[provider]
  if (config === undefined) return undefined
  const endpoints = { ...SOCIAL_DEFAULT_ENDPOINTS[provider], ...config.endpoints }
  return {
    provider,
    clientId: config.clientId,
    endpoints,
    redirectUri: `${social.publicUrl ?? publicUrl}${socialCallbackPath(provider)}`,
    secret: async (now) => {
      if (provider === 'apple' && isAppleKey(config)) {
        return appleClientSecret(config, endpoints.issuer ?? 'https://appleid.apple.com', now)
      }
      if ('clientSecret' in config) return config.clientSecret
      throw new Error(`${provider}: no client secret configured`)
    },
  }
}

/** What one flow sends the provider. */
export interface AuthorizationRequest {
  state: string
  codeVerifier: string
  nonce: string | undefined
}

/** The provider's authorization URL for the popup. */
export function authorizationUrl(client: ProviderClient, request: AuthorizationRequest): URL {
  const traits = PROVIDER_TRAITS[client.provider]
  const url = new OAuth2Client(
    client.clientId,
    null,
    client.redirectUri,
  ).createAuthorizationURLWithPKCE(
    client.endpoints.authorizationEndpoint,
    request.state,
    CodeChallengeMethod.S256,
    request.codeVerifier,
    [...traits.scopes],
  )
  if (request.nonce !== undefined) url.searchParams.set('nonce', request.nonce)
  if (traits.formPost) url.searchParams.set('response_mode', 'form_post')
  return url
}

/**
 * The credentials-in-the-body exchange Apple and Facebook require (arctic's generic client
 * sends HTTP Basic), with arctic's own parsing and errors.
 */
async function exchangeWithBodyCredentials(
  client: ProviderClient,
  body: URLSearchParams,
): Promise<OAuth2Tokens> {
  const response = await fetch(client.endpoints.tokenEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': 'latch-server',
    },
    body,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  const data: unknown = await response.json().catch(() => undefined)
  if (typeof data !== 'object' || data === null) throw new UnexpectedResponseError(response.status)
  if (response.status === 200) return new OAuth2Tokens(data)
  if ('error' in data && typeof data.error === 'string') {
    throw new OAuth2RequestError(data.error, null, null, null)
  }
  throw new UnexpectedErrorResponseBodyError(response.status, data)
}

/** How long the server waits on a provider's endpoint. */
export const PROVIDER_TIMEOUT_MS = 10_000

/**
 * Exchanges the callback's code, with the flow's PKCE verifier and the client's secret.
 * @throws arctic's OAuth2RequestError (the provider refused: a wrong, used or expired code, a
 *   wrong verifier) or another error when the endpoint failed.
 */
export async function exchangeCode(
  client: ProviderClient,
  code: string,
  codeVerifier: string,
  now: number,
): Promise<OAuth2Tokens> {
  const secret = await client.secret(now)
  if (PROVIDER_TRAITS[client.provider].credentials === 'basic') {
    return new OAuth2Client(client.clientId, secret, client.redirectUri).validateAuthorizationCode(
      client.endpoints.tokenEndpoint,
      code,
      codeVerifier,
    )
  }
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    code_verifier: codeVerifier,
    client_id: client.clientId,
    client_secret: secret,
  })
  return exchangeWithBodyCredentials(client, body)
}
