import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { startIdentityProvider } from '../identity-provider.js'
import { localClients } from '../local-clients.js'
import { signInAtProvider, type Person, type ProviderReturn } from '../testing/sign-in.js'
import type {
  IdpClient,
  RunningIdentityProvider,
  SocialProviderId,
  StartIdentityProviderOptions,
} from '../types.js'

// The Latch server's side of a flow, as the tests play it: the authorization URL (state, PKCE
// S256, nonce), the person at the sign-in page (testing/sign-in.ts), and the code exchange.

/** The clients the tests register: the development ones, with the Latch server's callback. */
export function testClients(): Record<SocialProviderId, IdpClient> {
  return localClients((id) => `http://127.0.0.1:8787/v1/auth/social/callback/${id}`)
}

/** What one flow sends, and what the person does on the sign-in page. */
export interface FlowOptions extends Person {
  scope: string
  /** Send PKCE (S256); true by default. */
  pkce?: boolean
  nonce?: string
  responseMode?: 'form_post'
}

/** Where the flow ended, with what the server sent at its start. */
export interface FlowResult extends ProviderReturn {
  readonly state: string
  readonly codeVerifier: string
  /** The code the redirect URI received ('' when it received an error). */
  readonly code: string
}

/** How a token request authenticates the client. */
export type ClientAuth = 'basic' | 'post'

/** What a token request changes from the flow's own values. */
export interface ExchangeOverrides {
  secret?: string
  /** null: send no verifier. */
  codeVerifier?: string | null
}

/**
 * The flows of one identity provider (`idp` is read when a flow starts, so a file's `beforeAll`
 * can start it) and one client per provider.
 */
export function flows(
  idp: () => RunningIdentityProvider,
  clients: Record<SocialProviderId, IdpClient>,
) {
  return {
    /** Runs one authorization request to its end at the redirect URI. */
    async authorize(provider: SocialProviderId, options: FlowOptions): Promise<FlowResult> {
      const client = clients[provider]
      const state = randomBytes(16).toString('base64url')
      const codeVerifier = randomBytes(32).toString('base64url')
      const url = new URL(idp().providers[provider].authorizationEndpoint)
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUris[0] ?? '',
        scope: options.scope,
        state,
        ...(options.pkce !== false && {
          code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
          code_challenge_method: 'S256',
        }),
        ...(options.nonce !== undefined && { nonce: options.nonce }),
        ...(options.responseMode && { response_mode: options.responseMode }),
      }).toString()
      const returned = await signInAtProvider(url.href, options)
      return { ...returned, state, codeVerifier, code: returned.params.get('code') ?? '' }
    },

    /** POSTs the flow's code to the token endpoint, as the Latch server would. */
    exchange(
      provider: SocialProviderId,
      flow: Pick<FlowResult, 'code' | 'codeVerifier'>,
      auth: ClientAuth,
      overrides: ExchangeOverrides = {},
    ): Promise<Response> {
      const client = clients[provider]
      const secret = overrides.secret ?? client.clientSecret
      const verifier =
        overrides.codeVerifier === undefined ? flow.codeVerifier : overrides.codeVerifier
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: flow.code,
        redirect_uri: client.redirectUris[0] ?? '',
        ...(verifier !== null && { code_verifier: verifier }),
        ...(auth === 'post' && { client_id: client.clientId, client_secret: secret }),
      })
      const basic = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(secret)}`
      return fetch(idp().providers[provider].tokenEndpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(auth === 'basic' && {
            authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
          }),
        },
        body,
      })
    },
  }
}

/**
 * Starts an identity provider with the test clients before the file's tests, and stops it after
 * them; `configure` changes the options (an Apple developer key, say).
 */
export function useIdentityProvider(
  configure: (
    clients: Record<SocialProviderId, IdpClient>,
  ) => StartIdentityProviderOptions | Promise<StartIdentityProviderOptions> = (clients) => ({
    clients,
  }),
) {
  const clients = testClients()
  let running: RunningIdentityProvider | undefined
  beforeAll(async () => {
    running = await startIdentityProvider(await configure(clients))
  })
  afterAll(() => running?.stop())
  const idp = (): RunningIdentityProvider => {
    if (!running) throw new Error('The identity provider starts in beforeAll: use it in a test.')
    return running
  }
  return { clients, idp, ...flows(idp, clients) }
}
