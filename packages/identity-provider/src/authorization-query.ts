import type Provider from 'oidc-provider'
import type { Persona } from './personas.js'
import type { IdpUser } from './types.js'

/**
 * An authorization request's query as the real provider reads it. Apple's names only `name` and
 * `email` in its scope, yet Apple always answers with an id_token: oidc-provider issues one only
 * under `openid`, so the local Apple adds it. GitHub, Discord, X and Facebook ignore a `nonce`
 * (they are not OpenID providers), which oidc-provider refuses without `openid`: it is dropped.
 * @returns the query to hand on.
 */
export function authorizationQuery(persona: Persona, query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query)
  if (!persona.openid) next.delete('nonce')
  const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean)
  if (persona.id === 'apple' && !scopes.includes('openid')) {
    next.set('scope', ['openid', ...scopes].join(' '))
  }
  return next
}

/** Apple's `user` form field: the name (and email) it tells an app once, on the first consent. */
function appleUserField(user: IdpUser, scopes: ReadonlySet<string>): string | undefined {
  const [firstName = user.name, ...rest] = user.name.split(' ')
  const field = {
    ...(scopes.has('name') && { name: { firstName, lastName: rest.join(' ') } }),
    ...(scopes.has('email') && user.email !== undefined && { email: user.email }),
  }
  return Object.keys(field).length === 0 ? undefined : JSON.stringify(field)
}

/**
 * Makes the local Apple post the `user` field as Apple does: with `response_mode=form_post`,
 * only the first time a person authorizes the app (per client), and only what the scope asked.
 * It hooks oidc-provider's `authorization.success` event, which hands listeners the response
 * parameters just before the response mode renders them.
 */
export function postAppleUserOnFirstConsent(provider: Provider, users: readonly IdpUser[]): void {
  const told = new Set<string>()
  provider.on('authorization.success', (ctx, response) => {
    const { oidc } = ctx
    const user = users.find((candidate) => candidate.sub === oidc.session?.accountId)
    const clientId = oidc.client?.clientId
    if (oidc.responseMode !== 'form_post' || !response || !user || clientId === undefined) return
    const key = `${clientId} ${user.sub}`
    if (told.has(key)) return
    const scope = typeof oidc.params?.scope === 'string' ? oidc.params.scope : ''
    const field = appleUserField(user, new Set(scope.split(' ')))
    if (field === undefined) return
    told.add(key)
    response.user = field
  })
}
