// What the frame's social-login tests add to the world: the real local identity provider as all
// six providers (Apple checking the real ES256 client secret), users no other test gets, the
// server's `social` section pointed at it, and the popup's trip: the person at the provider's
// sign-in page (by fetch), then the provider's redirect delivered to the server's callback.
import { randomUUID } from 'node:crypto'
import { SOCIAL_API_PATHS, socialCallbackPath, type SocialProvider } from '@latch/core/api'
import {
  generateAppleDeveloperKey,
  localClientId,
  localClients,
  startIdentityProvider,
  type IdpUser,
  type RunningIdentityProvider,
} from '@latch/identity-provider'
import { signInAtProvider, type Person } from '@latch/identity-provider/testing'
import type { ServerConfigInput } from '@latch/server'
import { PUBLIC_URL, type World } from './world.js'

/** How many scripted users the provider holds: one per test that signs in, and more. */
const USERS = 24

export interface SocialProviders {
  idp: RunningIdentityProvider
  /** The server's `social` section for these providers. */
  config: NonNullable<ServerConfigInput['social']>
  /** A user no other test got (a verified email, unique to this run). */
  user(): IdpUser
  stop(): Promise<void>
}

/**
 * The identity provider, its users, and the server configuration that points at it: the
 * providers send the popup back to the server at `publicUrl`.
 */
export async function startSocialProviders(publicUrl = PUBLIC_URL): Promise<SocialProviders> {
  const appleKey = await generateAppleDeveloperKey()
  const clients = localClients((provider) => `${publicUrl}${socialCallbackPath(provider)}`)
  const run = randomUUID().slice(0, 8)
  const base = 100_000_000 + Math.floor(Math.random() * 800_000_000)
  const users: IdpUser[] = Array.from({ length: USERS }, (_, i) => ({
    sub: String(base * 100 + i),
    username: `frame${i}-${run}`,
    name: `Frame user ${i}`,
    email: `frame${i}-${run}@social.example.test`,
    emailVerified: true,
  }))
  const idp = await startIdentityProvider({
    clients: { ...clients, apple: { ...clients.apple, appleClientSecretKey: appleKey.verify } },
    users,
  })
  const plain = (provider: Exclude<SocialProvider, 'apple'>) => ({
    clientId: localClientId(provider),
    clientSecret: `${localClientId(provider)}-secret`,
    endpoints: idp.providers[provider],
  })
  let handedOut = 0
  return {
    idp,
    config: {
      // The shortest life a flow may have, so a test can see one expire (see the server clock).
      flowTtlSeconds: 60,
      // Every test here calls from the same address: no test should meet the limits.
      rateLimits: {
        startPerIp: { requests: 1_000, windowSeconds: 600 },
        connectPerIp: { requests: 1_000, windowSeconds: 600 },
        resultPerIp: { requests: 100_000, windowSeconds: 600 },
        callbackPerIp: { requests: 1_000, windowSeconds: 600 },
      },
      providers: {
        google: plain('google'),
        github: plain('github'),
        apple: {
          clientId: localClientId('apple'),
          teamId: appleKey.verify.teamId,
          keyId: appleKey.verify.keyId ?? '',
          privateKey: appleKey.privateKeyPem,
          endpoints: idp.providers.apple,
        },
        facebook: plain('facebook'),
        x: plain('x'),
        discord: plain('discord'),
      },
    },
    user() {
      const user = users[handedOut]
      if (!user) throw new Error('no user left: raise USERS')
      handedOut += 1
      return user
    },
    stop: () => idp.stop(),
  }
}

/**
 * The popup from the provider's URI on (issue 29): its first page binds the flow (the binding
 * its opener, a host page on localhost, posted it) and keeps the cookie; then the person at the
 * sign-in page, then the provider's redirect (a GET, or Apple's form_post) arriving at the
 * server's callback with that cookie. Answers the callback page's status.
 */
export async function completePopup(
  world: World,
  login: { uri: string; binding: string },
  person: Person,
): Promise<number> {
  const bindUrl = new URL(`${PUBLIC_URL}${SOCIAL_API_PATHS.bind}`)
  bindUrl.searchParams.set('projectId', world.config.projectId)
  const bound = await world.server.fetch(
    new Request(bindUrl, {
      method: 'POST',
      headers: {
        origin: PUBLIC_URL,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...login, opener: 'http://localhost:5173' }),
    }),
  )
  if (bound.status !== 200) throw new Error(`bind: ${bound.status} ${await bound.text()}`)
  const cookie = bound.headers.getSetCookie()[0]?.split(';')[0] ?? ''
  const back = await signInAtProvider(login.uri, person)
  const request =
    back.method === 'GET'
      ? new Request(back.url, { headers: { cookie } })
      : new Request(back.url, {
          method: 'POST',
          // A cross-site form post: the browser names the provider's origin.
          headers: {
            cookie,
            origin: new URL(login.uri).origin,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: back.params.toString(),
        })
  const callback = await world.server.fetch(request)
  return callback.status
}
