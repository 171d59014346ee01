import type { IncomingMessage } from 'node:http'
import { readBody } from '@latch/local-kit'
import type { CryptoKey } from 'jose'
import { verifyAppleClientSecret } from './apple-client-secret.js'
import { isForm, MAX_FORM_BYTES, withBody } from './http.js'
import type { Persona } from './personas.js'
import type { RegisteredClient } from './provider.js'

/** The Apple developer key a token request's JWT secret is checked against. */
export interface AppleKeyCheck {
  readonly publicKey: CryptoKey
  readonly issuer: string
}

/** oidc-provider's own error shape, for what is refused before it sees the request. */
export interface TokenRefusal {
  readonly status: number
  readonly body: { error: string; error_description: string }
}

/** The request to hand on to oidc-provider, or why it is refused here. */
export type PreparedTokenRequest = { request: IncomingMessage } | { refusal: TokenRefusal }

/**
 * A token request as the real provider would take it. oidc-provider accepts a client secret in
 * either form (HTTP Basic or the body) whatever the registered method, so the stricter providers'
 * rules are kept here: X takes the credentials only in a Basic header, Facebook and Apple only in
 * the body. And Apple's secret is a JWT no oidc-provider method checks: with a developer key,
 * one that verifies becomes the internal secret oidc-provider compares, and one that does not is
 * refused here, saying why. oidc-provider then authenticates the client and checks the code,
 * PKCE and the redirect URI itself.
 * @returns the request to hand on (the original one unless Apple's secret was swapped), or a
 *   refusal in oidc-provider's error shape.
 */
export async function prepareTokenRequest(
  req: IncomingMessage,
  persona: Persona,
  registered: RegisteredClient | undefined,
  appleKey: AppleKeyCheck | undefined,
): Promise<PreparedTokenRequest> {
  if (req.method !== 'POST') return { request: req }
  const basic = /^basic\s/i.test(req.headers.authorization ?? '')
  if (persona.tokenAuth === 'basic' && !basic) {
    return refusal(
      401,
      'invalid_client',
      `${persona.displayName} takes the client credentials in an HTTP Basic header`,
    )
  }
  if ((persona.tokenAuth === 'post' || persona.tokenAuth === 'apple') && basic) {
    return refusal(
      401,
      'invalid_client',
      `${persona.displayName} takes client_id and client_secret in the request body`,
    )
  }
  const key = registered?.client.appleClientSecretKey
  if (!appleKey || !registered || !key || !isForm(req)) return { request: req }

  const body = await readBody(req, MAX_FORM_BYTES)
  if (body === undefined) return refusal(413, 'invalid_request', 'the request body is too large')
  const params = new URLSearchParams(body)
  const secret = params.get('client_secret')
  const clientId = params.get('client_id')
  if (secret !== null && clientId === registered.client.clientId) {
    const problem = await verifyAppleClientSecret(secret, {
      key,
      publicKey: appleKey.publicKey,
      clientId,
      issuer: appleKey.issuer,
    })
    if (problem) return refusal(401, 'invalid_client', problem)
    params.set('client_secret', registered.internalSecret)
  }
  return { request: withBody(req, params.toString()) }
}

function refusal(status: number, error: string, description: string): PreparedTokenRequest {
  return { refusal: { status, body: { error, error_description: description } } }
}
