import type { SocialProvider } from '@latch/core/api'
import { generateCodeVerifier, generateState, OAuth2RequestError, OAuth2Tokens } from 'arctic'
import { describe, expect, it } from 'vitest'
import {
  signInAtProvider,
  socialTestConfig,
  useIdentityProvider,
} from '../../test/social-harness.js'
import { FRAME_ORIGIN } from '../../test/auth-client.js'
import {
  authorizationUrl,
  exchangeCode,
  providerClient,
  type ProviderClient,
} from './social-client.js'
import { ProviderResponseError } from './social-errors.js'
import { providerProfile } from './social-profile.js'

// The checks on what a provider answers, against the real local identity provider: an id token
// must be the provider's (signature, issuer), for this client (audience), for this flow (nonce),
// and current (expiry); a user-info API must accept the access token.

const harness = useIdentityProvider()

function client(provider: SocialProvider): ProviderClient {
  const found = providerClient(socialTestConfig(harness()), FRAME_ORIGIN, provider)
  if (!found) throw new Error('the provider is off')
  return found
}

/** A real sign-in of a fresh user: the exchange's tokens, and the flow's nonce. */
async function tokensOf(provider: SocialProvider) {
  const c = client(provider)
  const flow = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: 'flow-nonce' }
  const back = await signInAtProvider(authorizationUrl(c, flow).href, {
    username: harness().user('verified').username,
  })
  const code = back.params.get('code') ?? ''
  return { code, flow, tokens: await exchangeCode(c, code, flow.codeVerifier, Date.now()) }
}

const expected = (nonce: string | null, now = Date.now()) => ({ nonce, now, extras: {} })

describe('id tokens', () => {
  it.each<SocialProvider>(['google', 'apple'])(
    '%s: accepted only with every check passing',
    async (provider) => {
      const { tokens } = await tokensOf(provider)
      const profile = await providerProfile(client(provider), tokens, expected('flow-nonce'))
      expect(profile.emailVerified).toBe(true)

      const refusals = [
        // Another flow's nonce.
        () => providerProfile(client(provider), tokens, expected('another-nonce')),
        // For another client.
        () =>
          providerProfile(
            { ...client(provider), clientId: 'someone-else' },
            tokens,
            expected('flow-nonce'),
          ),
        // From another issuer.
        () =>
          providerProfile(
            {
              ...client(provider),
              endpoints: { ...client(provider).endpoints, issuer: 'https://evil.example' },
            },
            tokens,
            expected('flow-nonce'),
          ),
        // Read after it expired (the local provider's tokens live an hour).
        () =>
          providerProfile(
            client(provider),
            tokens,
            expected('flow-nonce', Date.now() + 2 * 3600_000),
          ),
        // Signed by another provider's key.
        () =>
          providerProfile(
            {
              ...client(provider),
              endpoints: {
                ...client(provider).endpoints,
                jwksUri: client(provider === 'google' ? 'apple' : 'google').endpoints.jwksUri,
              },
            },
            tokens,
            expected('flow-nonce'),
          ),
      ]
      for (const refusal of refusals)
        await expect(refusal).rejects.toBeInstanceOf(ProviderResponseError)
    },
  )
})

describe('the code exchange', () => {
  it('refuses a wrong PKCE verifier, and a code used once already', async () => {
    const c = client('x')
    const flow = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: undefined }
    const back = await signInAtProvider(authorizationUrl(c, flow).href, {
      username: harness().user('none').username,
    })
    const code = back.params.get('code') ?? ''
    await expect(exchangeCode(c, code, generateCodeVerifier(), Date.now())).rejects.toBeInstanceOf(
      OAuth2RequestError,
    )
    const tokens = await exchangeCode(c, code, flow.codeVerifier, Date.now())
    expect(tokens.accessToken()).not.toBe('')
    await expect(exchangeCode(c, code, flow.codeVerifier, Date.now())).rejects.toBeInstanceOf(
      OAuth2RequestError,
    )
  })

  it("refuses Apple's client secret signed with another key", async () => {
    const apple = client('apple')
    const flow = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: 'n' }
    const back = await signInAtProvider(authorizationUrl(apple, flow).href, {
      username: harness().user('verified').username,
    })
    const forged = { ...apple, secret: async () => 'not-the-developer-jwt' }
    await expect(
      exchangeCode(forged, back.params.get('code') ?? '', flow.codeVerifier, Date.now()),
    ).rejects.toBeInstanceOf(OAuth2RequestError)
  })
})

describe('user-info APIs', () => {
  it.each<SocialProvider>(['github', 'discord', 'x', 'facebook'])(
    '%s: a token the provider does not know is refused',
    async (provider) => {
      const bogus = new OAuth2Tokens({ access_token: 'not-a-token', token_type: 'Bearer' })
      await expect(providerProfile(client(provider), bogus, expected(null))).rejects.toBeInstanceOf(
        ProviderResponseError,
      )
    },
  )
})
