import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { startIdentityProvider } from './identity-provider.js'
import { generateAppleDeveloperKey, type AppleDeveloperKey } from './local-clients.js'
import { flows, useIdentityProvider, type ClientAuth, type FlowResult } from './test/flow.js'

// Google and Apple: OpenID Connect, the id_token verified as the Latch server will verify it,
// with jose against the provider's published keys.

let appleKey: AppleDeveloperKey
const { clients, idp, authorize, exchange } = useIdentityProvider(async (clients) => {
  appleKey = await generateAppleDeveloperKey()
  return {
    clients: { ...clients, apple: { ...clients.apple, appleClientSecretKey: appleKey.verify } },
  }
})

interface SecretClaims {
  iss?: string
  sub?: string
  aud?: string
  kid?: string
  lifetime?: number
}

/** Apple's client secret, signed as the Latch server signs it (claims overridable). */
async function appleSecret(claims: SecretClaims = {}): Promise<string> {
  const key = await importPKCS8(appleKey.privateKeyPem, 'ES256')
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: claims.kid ?? appleKey.verify.keyId })
    .setIssuer(claims.iss ?? appleKey.verify.teamId)
    .setSubject(claims.sub ?? clients.apple.clientId)
    .setAudience(claims.aud ?? idp().providers.apple.issuer ?? '')
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.lifetime ?? 300))
    .sign(key)
}

/** The id_token of a token response, verified with jose against the provider's JWKS. */
async function idTokenClaims(provider: 'google' | 'apple', response: Response) {
  expect(response.status).toBe(200)
  const tokens = (await response.json()) as Record<string, unknown>
  const endpoints = idp().providers[provider]
  const { payload, protectedHeader } = await jwtVerify(
    String(tokens.id_token),
    createRemoteJWKSet(new URL(endpoints.jwksUri ?? '')),
    { issuer: endpoints.issuer ?? '', audience: clients[provider].clientId, algorithms: ['RS256'] },
  )
  expect(protectedHeader.alg).toBe('RS256')
  expect(payload.exp).toBeGreaterThan(Date.now() / 1000)
  return { payload, tokens }
}

describe('google (OIDC, PKCE S256)', () => {
  it.each<[ClientAuth]>([['basic'], ['post']])(
    'signs alice in: code + PKCE, the exchange (%s), an id_token with email, email_verified, nonce',
    async (auth) => {
      const nonce = `nonce-${auth}`
      const flow = await authorize('google', { scope: 'openid email profile', nonce })
      expect(flow.method).toBe('GET')
      expect(flow.params.get('state')).toBe(flow.state)
      expect(flow.params.get('iss')).toBe(idp().providers.google.issuer)
      const { payload, tokens } = await idTokenClaims(
        'google',
        await exchange('google', flow, auth),
      )
      expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'openid email profile' })
      expect(payload).toMatchObject({
        sub: '10001',
        email: 'alice@example.test',
        email_verified: true,
        name: 'Alice Example',
        nonce,
      })
    },
  )

  it('says when an email is not verified, and gives none when the user has none', async () => {
    const claimsOf = async (username: string) => {
      const flow = await authorize('google', { scope: 'openid email', username, nonce: username })
      return (await idTokenClaims('google', await exchange('google', flow, 'basic'))).payload
    }
    expect(await claimsOf('bob')).toMatchObject({
      sub: '10002',
      email: 'bob@example.test',
      email_verified: false,
    })
    const carol = await claimsOf('carol')
    expect(carol.sub).toBe('10003')
    expect(carol).not.toHaveProperty('email')
    expect(carol).not.toHaveProperty('email_verified')
  })

  it('publishes its discovery document, with S256 as the only PKCE method', async () => {
    const google = idp().providers.google
    const response = await fetch(`${google.issuer}/.well-known/openid-configuration`)
    expect(await response.json()).toMatchObject({
      issuer: google.issuer,
      authorization_endpoint: google.authorizationEndpoint,
      token_endpoint: google.tokenEndpoint,
      jwks_uri: google.jwksUri,
      code_challenge_methods_supported: ['S256'],
    })
  })

  it('refuses an authorization request without PKCE', async () => {
    const flow = await authorize('google', { scope: 'openid email', pkce: false })
    expect(flow.params.get('error')).toBe('invalid_request')
    expect(flow.params.get('error_description')).toMatch(/PKCE/)
    expect(flow.code).toBe('')
  })
})

describe('apple (OIDC, form_post, the ES256 client secret)', () => {
  const formPost = (username = 'alice'): Promise<FlowResult> =>
    authorize('apple', { scope: 'openid name email', responseMode: 'form_post', username })

  it('posts code, state and, on the first consent only, the user field to the redirect URI', async () => {
    const first = await formPost('bob')
    expect(first.method).toBe('POST')
    expect(first.url.href).toBe(clients.apple.redirectUris[0])
    expect(first.params.get('state')).toBe(first.state)
    expect(first.code).toMatch(/.{20,}/)
    expect(JSON.parse(first.params.get('user') ?? '')).toEqual({
      name: { firstName: 'Bob', lastName: 'Example' },
      email: 'bob@example.test',
    })
    const again = await formPost('bob')
    expect(again.method).toBe('POST')
    expect(again.code).not.toBe('')
    expect(again.params.has('user')).toBe(false)
  })

  it('exchanges the code with a client secret JWT, for an id_token with the email claims', async () => {
    // Apple's own scope names only name and email; its id_token comes all the same.
    const flow = await authorize('apple', {
      scope: 'name email',
      nonce: 'apple-nonce',
      responseMode: 'form_post',
    })
    const response = await exchange('apple', flow, 'post', { secret: await appleSecret() })
    const { payload } = await idTokenClaims('apple', response)
    expect(payload).toMatchObject({
      sub: '10001',
      email: 'alice@example.test',
      email_verified: true,
      nonce: 'apple-nonce',
    })
    expect(payload).not.toHaveProperty('name')
  })

  it.each<[string, () => Promise<string>, RegExp]>([
    ['the plain secret', () => Promise.resolve(clients.apple.clientSecret), /Invalid Compact JWS/],
    ['another team', () => appleSecret({ iss: 'OTHERTEAM' }), /"iss" claim/],
    ['another client', () => appleSecret({ sub: 'someone-else' }), /"sub" claim/],
    ['another audience', () => appleSecret({ aud: 'https://appleid.apple.com' }), /"aud" claim/],
    ['another key id', () => appleSecret({ kid: 'OTHERKEY' }), /kid must be "LOCALKEY01"/],
    ['six months and more', () => appleSecret({ lifetime: 200 * 86_400 }), /six months/],
    ['an expired one', () => appleSecret({ lifetime: -60 }), /"exp" claim/],
  ])('refuses %s as the client secret', async (_, secret, reason) => {
    const flow = await formPost()
    const response = await exchange('apple', flow, 'post', { secret: await secret() })
    expect(response.status).toBe(401)
    const body = (await response.json()) as { error: string; error_description: string }
    expect(body.error).toBe('invalid_client')
    expect(body.error_description).toMatch(reason)
  })

  it('takes the plain secret when no developer key is configured', async () => {
    const plain = await startIdentityProvider({ clients: { apple: clients.apple } })
    try {
      const local = flows(() => plain, clients)
      const flow = await local.authorize('apple', {
        scope: 'openid email',
        responseMode: 'form_post',
      })
      expect((await local.exchange('apple', flow, 'post')).status).toBe(200)
    } finally {
      await plain.stop()
    }
  })
})
