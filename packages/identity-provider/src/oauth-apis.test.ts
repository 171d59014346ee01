import { describe, expect, it } from 'vitest'
import { useIdentityProvider, type ClientAuth, type FlowOptions } from './test/flow.js'
import type { SocialProviderId } from './types.js'

// GitHub, Discord, X and Facebook: OAuth 2.0 without OIDC. The Latch server reads the user from
// each one's own API, in that API's own shape, with the access token the code was exchanged for.

const { idp, authorize, exchange } = useIdentityProvider()

/** Signs a person in and exchanges the code: the access token, and the token response. */
async function signIn(provider: SocialProviderId, auth: ClientAuth, options: FlowOptions) {
  const flow = await authorize(provider, options)
  expect(flow.params.get('state')).toBe(flow.state)
  const response = await exchange(provider, flow, auth)
  const tokens = (await response.json()) as Record<string, unknown>
  expect(response.status, JSON.stringify(tokens)).toBe(200)
  expect(tokens).not.toHaveProperty('id_token')
  return { accessToken: String(tokens.access_token), tokens }
}

/** GETs an API with the token: its status and JSON. */
async function get(url: string | undefined, accessToken: string) {
  const response = await fetch(url ?? '', { headers: { authorization: `Bearer ${accessToken}` } })
  return { status: response.status, body: (await response.json()) as unknown }
}

/** A code exchanged with the client credentials sent the way this provider refuses. */
async function refusedAuth(provider: SocialProviderId, scope: string, auth: ClientAuth) {
  const response = await exchange(provider, await authorize(provider, { scope }), auth)
  expect(response.status).toBe(401)
  return response.json()
}

describe('github', () => {
  it.each<[ClientAuth]>([['basic'], ['post']])(
    'signs alice in (credentials by %s); GET /user and /user/emails answer as api.github.com',
    async (auth) => {
      const { accessToken, tokens } = await signIn('github', auth, {
        scope: 'read:user user:email',
      })
      expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'read:user user:email' })
      expect(await get(idp().providers.github.userInfoEndpoint, accessToken)).toEqual({
        status: 200,
        body: {
          id: 10001,
          login: 'alice',
          name: 'Alice Example',
          email: 'alice@example.test',
          type: 'User',
        },
      })
      expect(await get(idp().providers.github.userEmailsEndpoint, accessToken)).toEqual({
        status: 200,
        body: [
          { email: 'alice@example.test', primary: true, verified: true, visibility: 'public' },
        ],
      })
    },
  )

  it('keeps an unverified email out of /user, and says so in /user/emails', async () => {
    const bob = await signIn('github', 'basic', { scope: 'read:user user:email', username: 'bob' })
    expect(
      (await get(idp().providers.github.userInfoEndpoint, bob.accessToken)).body,
    ).toMatchObject({
      id: 10002,
      email: null,
    })
    expect((await get(idp().providers.github.userEmailsEndpoint, bob.accessToken)).body).toEqual([
      { email: 'bob@example.test', primary: true, verified: false, visibility: null },
    ])
    const carol = await signIn('github', 'basic', { scope: 'user:email', username: 'carol' })
    expect((await get(idp().providers.github.userEmailsEndpoint, carol.accessToken)).body).toEqual(
      [],
    )
  })

  it('ignores a nonce, as GitHub does (it is no OpenID provider)', async () => {
    const { tokens } = await signIn('github', 'basic', { scope: 'read:user', nonce: 'n' })
    expect(tokens).toMatchObject({ scope: 'read:user' })
  })

  it('answers /user/emails 404 without the user:email scope, as GitHub does', async () => {
    const { accessToken } = await signIn('github', 'basic', { scope: 'read:user' })
    expect((await get(idp().providers.github.userEmailsEndpoint, accessToken)).status).toBe(404)
    expect((await get(idp().providers.github.userInfoEndpoint, accessToken)).status).toBe(200)
  })
})

describe('discord', () => {
  it.each<[ClientAuth]>([['basic'], ['post']])(
    'signs alice in (credentials by %s); GET /users/@me answers as Discord',
    async (auth) => {
      const { accessToken } = await signIn('discord', auth, { scope: 'identify email' })
      expect(await get(idp().providers.discord.userInfoEndpoint, accessToken)).toEqual({
        status: 200,
        body: {
          id: '10001',
          username: 'alice',
          global_name: 'Alice Example',
          discriminator: '0',
          avatar: null,
          email: 'alice@example.test',
          verified: true,
        },
      })
    },
  )

  it('tells the email and whether it is verified only under the email scope', async () => {
    const bob = await signIn('discord', 'basic', { scope: 'identify email', username: 'bob' })
    expect(
      (await get(idp().providers.discord.userInfoEndpoint, bob.accessToken)).body,
    ).toMatchObject({
      email: 'bob@example.test',
      verified: false,
    })
    const identifyOnly = await signIn('discord', 'basic', { scope: 'identify', username: 'bob' })
    const { body } = await get(idp().providers.discord.userInfoEndpoint, identifyOnly.accessToken)
    expect(body).toMatchObject({ id: '10002', username: 'bob' })
    expect(body).not.toHaveProperty('email')
    expect(body).not.toHaveProperty('verified')
  })
})

describe('x', () => {
  it('signs alice in with PKCE and HTTP Basic; GET /2/users/me answers as X (no email)', async () => {
    const { accessToken } = await signIn('x', 'basic', { scope: 'users.read tweet.read' })
    expect(await get(idp().providers.x.userInfoEndpoint, accessToken)).toEqual({
      status: 200,
      body: { data: { id: '10001', name: 'Alice Example', username: 'alice' } },
    })
  })

  it('requires PKCE, and the client credentials in a Basic header', async () => {
    const noPkce = await authorize('x', { scope: 'users.read', pkce: false })
    expect(noPkce.params.get('error')).toBe('invalid_request')
    expect(await refusedAuth('x', 'users.read', 'post')).toEqual({
      error: 'invalid_client',
      error_description: 'X takes the client credentials in an HTTP Basic header',
    })
  })
})

describe('facebook', () => {
  const me = () => `${idp().providers.facebook.userInfoEndpoint}?fields=id,name,email`

  it('signs alice in (credentials in the body); GET /me answers as the Graph API', async () => {
    const { accessToken } = await signIn('facebook', 'post', { scope: 'public_profile email' })
    expect(await get(me(), accessToken)).toEqual({
      status: 200,
      body: { id: '10001', name: 'Alice Example', email: 'alice@example.test' },
    })
    // Without fields: id and name; the token may also come as ?access_token=.
    const plain = await fetch(
      `${idp().providers.facebook.userInfoEndpoint}?access_token=${accessToken}`,
    )
    expect(await plain.json()).toEqual({ id: '10001', name: 'Alice Example' })
  })

  it('gives no email without the email permission or to a user without one', async () => {
    const profileOnly = await signIn('facebook', 'post', { scope: 'public_profile' })
    expect((await get(me(), profileOnly.accessToken)).body).toEqual({
      id: '10001',
      name: 'Alice Example',
    })
    const carol = await signIn('facebook', 'post', { scope: 'email', username: 'carol' })
    expect((await get(me(), carol.accessToken)).body).toEqual({
      id: '10003',
      name: 'Carol Example',
    })
    const birthday = `${idp().providers.facebook.userInfoEndpoint}?fields=id,birthday`
    expect(await get(birthday, carol.accessToken)).toMatchObject({
      status: 400,
      body: { error: { code: 100, type: 'OAuthException' } },
    })
  })

  it('refuses the client credentials in a Basic header', async () => {
    expect(await refusedAuth('facebook', 'email', 'basic')).toMatchObject({
      error: 'invalid_client',
    })
  })
})
