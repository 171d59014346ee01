import { createHash } from 'node:crypto'
import { SOCIAL_PROVIDERS } from '@latch/core/api'
import { generateAppleDeveloperKey } from '@latch/identity-provider'
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { authorizationUrl, providerClient, type ProviderClient } from './social-client.js'
import { socialConfigSchema } from './social-config.js'

const PUBLIC_URL = 'https://latch.example'

function clientOf(provider: (typeof SOCIAL_PROVIDERS)[number], publicUrl?: string): ProviderClient {
  const social = socialConfigSchema.parse({
    ...(publicUrl ? { publicUrl } : {}),
    providers: { [provider]: { clientId: `${provider}-id`, clientSecret: `${provider}-secret` } },
  })
  const client = providerClient(social, PUBLIC_URL, provider)
  if (!client) throw new Error('the provider is off')
  return client
}

describe('the authorization URL', () => {
  it.each(SOCIAL_PROVIDERS)('%s: code flow with state and PKCE S256 to this server', (provider) => {
    const client = clientOf(provider)
    const oidc = provider === 'google' || provider === 'apple'
    const url = authorizationUrl(client, {
      state: 'the-state',
      codeVerifier: 'the-verifier-of-forty-three-characters-long',
      nonce: oidc ? 'the-nonce' : undefined,
    })
    const query = url.searchParams
    expect(`${url.origin}${url.pathname}`).toBe(client.endpoints.authorizationEndpoint)
    expect(query.get('response_type')).toBe('code')
    expect(query.get('client_id')).toBe(`${provider}-id`)
    expect(query.get('redirect_uri')).toBe(`${PUBLIC_URL}/v1/auth/social/callback/${provider}`)
    expect(query.get('state')).toBe('the-state')
    expect(query.get('code_challenge_method')).toBe('S256')
    expect(query.get('code_challenge')).toBe(
      createHash('sha256')
        .update('the-verifier-of-forty-three-characters-long')
        .digest('base64url'),
    )
    expect(query.get('nonce')).toBe(oidc ? 'the-nonce' : null)
    expect(query.get('response_mode')).toBe(provider === 'apple' ? 'form_post' : null)
    // Secrets never go in the URL.
    expect(url.href).not.toContain('secret')
    expect(url.href).not.toContain('the-verifier')
  })

  it('sends the popup back to social.publicUrl when it is set', () => {
    const client = clientOf('github', 'https://login.latch.example')
    expect(client.redirectUri).toBe('https://login.latch.example/v1/auth/social/callback/github')
  })

  it('is off for a provider without credentials', () => {
    expect(providerClient(socialConfigSchema.parse({}), PUBLIC_URL, 'google')).toBeUndefined()
  })
})

describe("Apple's client secret", () => {
  it('is an ES256 JWT from the developer key: iss the team, sub the client, aud Apple, a few minutes', async () => {
    const key = await generateAppleDeveloperKey('TEAM123', 'KEY456')
    const social = socialConfigSchema.parse({
      providers: {
        apple: {
          clientId: 'app.latch',
          teamId: 'TEAM123',
          keyId: 'KEY456',
          privateKey: key.privateKeyPem,
        },
      },
    })
    const client = providerClient(social, PUBLIC_URL, 'apple')
    const now = Date.now()
    const secret = (await client?.secret(now)) ?? ''
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY456' })
    const publicKey = await importSPKI(
      typeof key.verify.publicKey === 'string' ? key.verify.publicKey : '',
      'ES256',
    )
    const { payload } = await jwtVerify(secret, publicKey, {
      issuer: 'TEAM123',
      subject: 'app.latch',
      audience: 'https://appleid.apple.com',
      currentDate: new Date(now),
    })
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300)
  })

  it('is the configured one when Apple is given a plain secret', async () => {
    const client = clientOf('apple')
    expect(await client.secret(Date.now())).toBe('apple-secret')
  })
})
