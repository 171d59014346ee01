import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import { sendJson } from './http.js'
import type { Persona } from './personas.js'
import type { IdpUser, SocialProviderId } from './types.js'

/** What a user-info route answers: a status and the provider's own JSON. */
interface Answer {
  readonly status: number
  readonly body: unknown
}

/** Each API's answer to a missing, unknown or expired token, in that API's own words. */
const UNAUTHORIZED: Record<SocialProviderId, unknown> = {
  google: { error: 'invalid_token' },
  apple: { error: 'invalid_token' },
  github: {
    message: 'Bad credentials',
    documentation_url: 'https://docs.github.com/rest',
    status: '401',
  },
  discord: { message: '401: Unauthorized', code: 0 },
  x: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  // The Graph API answers 400 here; 401 keeps one rule for all four APIs.
  facebook: {
    error: {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    },
  },
}

/** The token a request carries: `Bearer` (GitHub also takes its older `token` scheme). */
function bearerToken(req: IncomingMessage, persona: Persona, query: URLSearchParams) {
  const [scheme, token, ...rest] = (req.headers.authorization ?? '').trim().split(/\s+/)
  const schemes = persona.id === 'github' ? ['bearer', 'token'] : ['bearer']
  if (token && rest.length === 0 && schemes.includes(scheme?.toLowerCase() ?? '')) return token
  // The Graph API also reads `?access_token=`.
  return persona.id === 'facebook' ? (query.get('access_token') ?? undefined) : undefined
}

/** The GitHub user: `email` is the public one, and GitHub only lets a verified email be public. */
function githubUser(user: IdpUser) {
  return {
    login: user.username,
    id: Number(user.sub),
    name: user.name,
    email: user.emailVerified === true ? (user.email ?? null) : null,
    type: 'User',
  }
}

function githubEmails(user: IdpUser, scopes: ReadonlySet<string>): Answer {
  // Without user:email (or user) GitHub answers this route 404.
  if (!scopes.has('user:email') && !scopes.has('user')) {
    return {
      status: 404,
      body: {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      },
    }
  }
  const emails =
    user.email === undefined
      ? []
      : [
          {
            email: user.email,
            primary: true,
            verified: user.emailVerified === true,
            visibility: user.emailVerified === true ? 'public' : null,
          },
        ]
  return { status: 200, body: emails }
}

function discordUser(user: IdpUser, scopes: ReadonlySet<string>) {
  const base = {
    id: user.sub,
    username: user.username,
    global_name: user.name,
    discriminator: '0',
    avatar: null,
  }
  // Discord tells the email (and whether it is verified) only under the `email` scope.
  return scopes.has('email')
    ? { ...base, email: user.email ?? null, verified: user.emailVerified === true }
    : base
}

const FACEBOOK_FIELDS = new Set(['id', 'name', 'email'])

function facebookUser(user: IdpUser, scopes: ReadonlySet<string>, query: URLSearchParams): Answer {
  const fields = (query.get('fields') ?? 'id,name').split(',').map((field) => field.trim())
  const unknown = fields.find((field) => !FACEBOOK_FIELDS.has(field))
  if (unknown !== undefined) {
    return {
      status: 400,
      body: {
        error: {
          message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`,
          type: 'OAuthException',
          code: 100,
        },
      },
    }
  }
  const values: Record<string, string | undefined> = {
    id: user.sub,
    name: user.name,
    // Only under the `email` permission, and absent when the person has none.
    email: scopes.has('email') ? user.email : undefined,
  }
  return {
    status: 200,
    body: Object.fromEntries(
      ['id', ...fields].filter((field) => values[field] !== undefined).map((f) => [f, values[f]]),
    ),
  }
}

function answer(
  persona: Persona,
  path: string,
  user: IdpUser,
  scopes: ReadonlySet<string>,
  query: URLSearchParams,
): Answer {
  if (persona.id === 'github') {
    return path === persona.userEmailsPath
      ? githubEmails(user, scopes)
      : { status: 200, body: githubUser(user) }
  }
  if (persona.id === 'discord') return { status: 200, body: discordUser(user, scopes) }
  if (persona.id === 'x') {
    return {
      status: 200,
      body: { data: { id: user.sub, name: user.name, username: user.username } },
    }
  }
  return facebookUser(user, scopes, query)
}

/**
 * Serves GitHub's, Discord's, X's and Facebook's user-info APIs in their own shapes. The token is
 * looked up through oidc-provider itself (`AccessToken.find`: unknown, expired or revoked tokens
 * are refused), and must have been issued for this provider's API.
 * @returns false when `path` is none of this provider's API routes.
 */
export async function handleUserInfo(
  req: IncomingMessage,
  res: ServerResponse,
  route: { provider: Provider; persona: Persona; issuer: string; users: readonly IdpUser[] },
  path: string,
  query: URLSearchParams,
): Promise<boolean> {
  const { persona } = route
  if (path !== persona.userInfoPath && path !== persona.userEmailsPath) return false
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'method_not_allowed' }, { allow: 'GET' })
    return true
  }
  const value = bearerToken(req, persona, query)
  const token = value === undefined ? undefined : await route.provider.AccessToken.find(value)
  const audience = [token?.aud ?? []].flat()
  const user = token && route.users.find((candidate) => candidate.sub === token.accountId)
  if (!token || token.isExpired || !audience.includes(route.issuer) || !user) {
    sendJson(res, 401, UNAUTHORIZED[persona.id], {
      'www-authenticate': 'Bearer error="invalid_token"',
    })
    return true
  }
  const scopes = new Set((token.scope ?? '').split(' ').filter(Boolean))
  const { status, body } = answer(persona, path, user, scopes, query)
  sendJson(res, status, body)
  return true
}
