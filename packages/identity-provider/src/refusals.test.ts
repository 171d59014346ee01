import { describe, expect, it } from 'vitest'
import { startIdentityProvider } from './identity-provider.js'
import { useIdentityProvider, type ClientAuth, type FlowOptions } from './test/flow.js'
import { SOCIAL_PROVIDER_IDS, type SocialProviderId } from './types.js'

// What each provider refuses: the person's "Deny", a wrong PKCE verifier, a wrong client
// secret, a used code, and a token it did not issue.

const { clients, idp, authorize, exchange } = useIdentityProvider()

/** A request each provider takes, and how its client authenticates. */
const REQUESTS: Record<SocialProviderId, { options: FlowOptions; auth: ClientAuth }> = {
  google: { options: { scope: 'openid email profile', nonce: 'n' }, auth: 'basic' },
  github: { options: { scope: 'read:user user:email' }, auth: 'basic' },
  apple: { options: { scope: 'openid name email', responseMode: 'form_post' }, auth: 'post' },
  facebook: { options: { scope: 'public_profile email' }, auth: 'post' },
  x: { options: { scope: 'users.read tweet.read' }, auth: 'basic' },
  discord: { options: { scope: 'identify email' }, auth: 'basic' },
}

const cases = SOCIAL_PROVIDER_IDS.map((id) => [id] as const)

describe.each(cases)('%s refuses', (provider) => {
  const { options, auth } = REQUESTS[provider]

  it('when the person presses Deny: error=access_denied at the redirect URI, with the state', async () => {
    const flow = await authorize(provider, { ...options, decision: 'deny' })
    expect(flow.method).toBe(provider === 'apple' ? 'POST' : 'GET')
    expect(flow.params.get('error')).toBe('access_denied')
    expect(flow.params.get('state')).toBe(flow.state)
    expect(flow.params.has('code')).toBe(false)
  })

  it('a wrong PKCE verifier, or none, for a code that was asked for with PKCE', async () => {
    const flow = await authorize(provider, options)
    for (const codeVerifier of ['w'.repeat(43), null]) {
      const wrong = await exchange(provider, flow, auth, { codeVerifier })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' })
    }
  })

  it('a wrong client secret, then takes the right one once and never again', async () => {
    const flow = await authorize(provider, options)
    const wrong = await exchange(provider, flow, auth, { secret: 'not-the-secret' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' })
    const right = await exchange(provider, flow, auth)
    expect(right.status).toBe(200)
    const reused = await exchange(provider, flow, auth)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('a redirect URI that is not registered, without redirecting to it', async () => {
    const url = new URL(idp().providers[provider].authorizationEndpoint)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clients[provider].clientId,
      redirect_uri: 'http://127.0.0.1:9999/elsewhere',
      scope: options.scope,
      state: 's',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString()
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toMatch(
      /invalid_redirect_uri: redirect_uri did not match any of the client/,
    )
  })
})

describe('the user-info APIs refuse', () => {
  const apis = [
    ['github', 'userInfoEndpoint'],
    ['github', 'userEmailsEndpoint'],
    ['discord', 'userInfoEndpoint'],
    ['x', 'userInfoEndpoint'],
    ['facebook', 'userInfoEndpoint'],
  ] as const

  it.each(apis)('%s %s: an unknown bearer token, or none, with 401', async (provider, endpoint) => {
    const url = idp().providers[provider][endpoint] ?? ''
    const unknown: Record<string, string> = { authorization: 'Bearer not-a-token' }
    for (const headers of [unknown, {}]) {
      const response = await fetch(url, { headers })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    }
  })

  it("another provider's token (each keeps its own), and a POST", async () => {
    const flow = await authorize('github', REQUESTS.github.options)
    const response = await exchange('github', flow, 'basic')
    const { access_token: token } = (await response.json()) as { access_token: string }
    const authorization = `Bearer ${token}`
    expect(
      (await fetch(idp().providers.github.userInfoEndpoint ?? '', { headers: { authorization } }))
        .status,
    ).toBe(200)
    expect(
      (await fetch(idp().providers.discord.userInfoEndpoint ?? '', { headers: { authorization } }))
        .status,
    ).toBe(401)
    const post = await fetch(idp().providers.github.userInfoEndpoint ?? '', {
      method: 'POST',
      headers: { authorization },
    })
    expect(post.status).toBe(405)
  })
})

describe('a provider with no registered client', () => {
  it('refuses every client id', async () => {
    const lone = await startIdentityProvider({ clients: { github: clients.github } })
    try {
      const flow = await fetch(
        `${lone.providers.discord.authorizationEndpoint}?response_type=code&client_id=${clients.discord.clientId}&scope=identify`,
        { redirect: 'manual' },
      )
      expect(flow.status).toBe(400)
      expect(await flow.text()).toMatch(/client is invalid/)
    } finally {
      await lone.stop()
    }
  })
})
