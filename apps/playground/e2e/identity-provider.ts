import { socialCallbackPath } from '@latch/core/api'
import {
  DEFAULT_USERS,
  generateAppleDeveloperKey,
  latchServerProviders,
  localClients,
  SOCIAL_PROVIDER_IDS,
  startIdentityProvider,
  type IdpUser,
  type LatchServerProvider,
  type RunningIdentityProvider,
  type SocialProviderId,
} from '@latch/identity-provider'
import { freePort } from '@latch/local-kit/testing'
import type { PlaygroundServerOptions } from '../server/latch-server.js'

// Social login's local half for the e2e files and the bench (issue 12): the local identity
// provider as the six providers, and the Latch server's options pointing at it, as `npm start`
// (scripts/dev.mjs) sets them up. No vitest here: the bench loads this file too.

/**
 * The scripted person who signs in at `provider` in the six-provider proof: one of their own
 * each (and their own verified email), so no provider's login links to another's account (an
 * email the provider verified may link accounts) and each test stands alone.
 */
export function personAt(provider: SocialProviderId): IdpUser {
  const index = SOCIAL_PROVIDER_IDS.indexOf(provider)
  return {
    sub: String(20_001 + index),
    username: `${provider}-visitor`,
    name: `Visitor of ${provider}`,
    email: `${provider}-visitor@example.test`,
    emailVerified: true,
  }
}

/** A provider's entry with a client secret: every provider's but Apple's (a developer key). */
type SecretClient = Extract<LatchServerProvider, { clientSecret: string }>

/**
 * The server's `social.providers` from `latchServerProviders`, typed per provider as the server
 * takes them: that function types every entry as either kind, while only Apple's is a key.
 */
function serverProviders(entries: Partial<Record<SocialProviderId, LatchServerProvider>>) {
  const withSecret: Partial<Record<Exclude<SocialProviderId, 'apple'>, SecretClient>> = {}
  for (const provider of SOCIAL_PROVIDER_IDS) {
    const entry = entries[provider]
    if (provider !== 'apple' && entry && 'clientSecret' in entry) withSecret[provider] = entry
  }
  return { ...withSecret, ...(entries.apple ? { apple: entries.apple } : {}) }
}

export interface SocialProviders {
  /** The local identity provider. */
  idp: RunningIdentityProvider
  /**
   * The Latch server's options (startStack's `server`): its port, fixed before it starts (the
   * providers redirect to it), auth, and every provider's client and endpoints.
   */
  server: PlaygroundServerOptions
  /** The server's URL, which is also the secure frame's origin. */
  serverUrl: string
  /** The server's callback for `provider`: the redirect URI registered there. */
  callbackUrl(provider: SocialProviderId): string
  /** Stops the identity provider; safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts the identity provider (its users: alice, bob, carol, {@link personAt} for each provider,
 * and `morePeople`) for a Latch server about to start on a free port, with Apple's
 * client secret a real ES256 JWT (a key made for this run). The server's auth needs an SMTP
 * server, which a social login never uses: the address given is one nothing listens on, so a
 * mail sent by mistake fails loudly instead of landing somewhere.
 */
export async function startSocialProviders(
  morePeople: readonly IdpUser[] = [],
): Promise<SocialProviders> {
  // The login's secrets, for this run only (the server reads them from its environment).
  process.env.LATCH_AUTH_SECRET ??= 'e2e-auth-secret-0123456789abcdefghijklmnop'
  process.env.LATCH_CUSTODY_KEY ??= 'e2e-custody-key-0123456789abcdefghijklmnop'
  const [port, appleKey] = await Promise.all([freePort(), generateAppleDeveloperKey()])
  const serverUrl = `http://127.0.0.1:${port}`
  const callbackUrl = (provider: SocialProviderId) => `${serverUrl}${socialCallbackPath(provider)}`
  const clients = localClients(callbackUrl)
  const idp = await startIdentityProvider({
    clients: { ...clients, apple: { ...clients.apple, appleClientSecretKey: appleKey.verify } },
    users: [...DEFAULT_USERS, ...SOCIAL_PROVIDER_IDS.map(personAt), ...morePeople],
  })
  return {
    idp,
    server: {
      port,
      auth: { publicUrl: serverUrl, smtp: { host: '127.0.0.1', port: 9 } },
      socialProviders: serverProviders(latchServerProviders(idp.providers, appleKey)),
    },
    serverUrl,
    callbackUrl,
    stop: () => idp.stop(),
  }
}
