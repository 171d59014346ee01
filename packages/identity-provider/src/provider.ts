import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, {
  errors,
  interactionPolicy,
  type AccountClaims,
  type ClientMetadata,
  type Configuration,
} from 'oidc-provider'
import { randomSecret } from './apple-client-secret.js'
import { memoryStore } from './memory-store.js'
import type { Persona } from './personas.js'
import { renderEndedPage } from './sign-in-page.js'
import type { IdpClient, IdpUser } from './types.js'

/** Every provider's tokens are valid this long (the providers' own are an hour or more). */
const ACCESS_TOKEN_TTL_S = 3600

/**
 * The claims a provider vouches for. Only the OIDC providers put them in an id_token; the others
 * answer them from their own user-info APIs (user-info.ts).
 */
function idTokenClaims(persona: Persona, user: IdpUser): AccountClaims {
  const email =
    user.email === undefined
      ? {}
      : { email: user.email, email_verified: user.emailVerified === true }
  // Apple puts no name in its id_token: the name comes once, in the form_post's `user` field.
  return persona.id === 'apple'
    ? { sub: user.sub, ...email }
    : { sub: user.sub, name: user.name, ...email }
}

/**
 * Asks for the sign-in page on every authorization request, even with a live session: a person
 * (or a test) then always chooses who signs in, and can always refuse. The request that has just
 * come back from that page (`result.login`) goes on.
 */
function alwaysSignIn() {
  const policy = interactionPolicy.base()
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'local_sign_in',
        'the local identity provider asks who signs in every time',
        (ctx) => ctx.oidc.result?.login === undefined,
      ),
      0,
    )
  return policy
}

/** How oidc-provider knows the Latch server; the secret it checks (see token-request.ts). */
export interface RegisteredClient {
  readonly client: IdpClient
  /** What oidc-provider compares: the configured secret, or for Apple's JWT a random one. */
  readonly internalSecret: string
}

export function registeredClient(client: IdpClient): RegisteredClient {
  return {
    client,
    internalSecret: client.appleClientSecretKey ? randomSecret() : client.clientSecret,
  }
}

function clientMetadata(persona: Persona, registered: RegisteredClient): ClientMetadata {
  return {
    client_id: registered.client.clientId,
    client_secret: registered.internalSecret,
    redirect_uris: registered.client.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    // The OAuth-only providers hold an EC key alone (see createProvider).
    ...(!persona.openid && { id_token_signed_response_alg: 'ES256' }),
    // What discovery advertises. oidc-provider accepts either form of a secret whatever this
    // says; token-request.ts keeps X to Basic and Facebook and Apple to the body.
    token_endpoint_auth_method:
      persona.tokenAuth === 'post' || persona.tokenAuth === 'apple'
        ? 'client_secret_post'
        : 'client_secret_basic',
  }
}

/**
 * One provider: an oidc-provider instance whose issuer is `${url}/${persona.id}`, mounted under
 * that prefix by identity-provider.ts. Its signing key is made here, at start, and never stored.
 */
export async function createProvider(
  persona: Persona,
  issuer: string,
  registered: RegisteredClient | undefined,
  users: readonly IdpUser[],
): Promise<Provider> {
  // Google and Apple sign id_tokens with RS256. The others sign nothing the Latch server sees,
  // and an EC key is made in a fraction of an RSA key's time.
  const alg = persona.openid ? 'RS256' : 'ES256'
  const { privateKey } = await generateKeyPair(alg, { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), use: 'sig', alg }

  const configuration: Configuration = {
    adapter: memoryStore(),
    clients: registered ? [clientMetadata(persona, registered)] : [],
    async findAccount(_ctx, sub) {
      const user = users.find((candidate) => candidate.sub === sub)
      return user && { accountId: user.sub, claims: () => idTokenClaims(persona, user) }
    },
    scopes: [...persona.scopes],
    claims: persona.openid
      ? { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] }
      : { openid: ['sub'] },
    // Google and Apple put the email claims in the id_token itself, not only at userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => persona.pkceRequired },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // All six share one origin: their cookies must not overwrite each other's.
      names: {
        session: `${persona.id}_session`,
        interaction: `${persona.id}_interaction`,
        resume: `${persona.id}_interaction_resume`,
      },
    },
    interactions: {
      url: (_ctx, interaction) => `/${persona.id}/interaction/${interaction.uid}`,
      policy: alwaysSignIn(),
    },
    // An error oidc-provider cannot send back to the client (a wrong client id or redirect URI)
    // ends on the provider's own page, saying what was wrong.
    renderError(ctx, out) {
      ctx.type = 'html'
      const description = out.error_description === undefined ? '' : `: ${out.error_description}`
      ctx.body = renderEndedPage(persona, `${out.error}${description}`)
    },
    // The default `/me` is Facebook's own API path; userinfo moves out of its way.
    routes: { userinfo: '/userinfo' },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_S,
      Interaction: 600,
      Session: 600,
      Grant: ACCESS_TOKEN_TTL_S,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: persona.openid },
      // The OAuth-only providers' scopes are their APIs' scopes: one resource server (the
      // provider's prefix, where its user-info API lives) issues opaque access tokens for them.
      resourceIndicators: persona.openid
        ? { enabled: false }
        : {
            enabled: true,
            defaultResource: () => issuer,
            useGrantedResource: () => true,
            getResourceServerInfo: (_ctx, resource) => {
              if (resource !== issuer) throw new errors.InvalidTarget()
              return {
                scope: persona.scopes.join(' '),
                audience: issuer,
                accessTokenFormat: 'opaque',
                accessTokenTTL: ACCESS_TOKEN_TTL_S,
              }
            },
          },
    },
  }
  const provider = new Provider(issuer, configuration)
  // Behind nothing: the issuer's http://127.0.0.1 is the address the requests come to.
  provider.proxy = false
  return provider
}
