// What the social-login tests share: the real local identity provider (one per test file), its
// users handed out so tests never share one, the popup's trip through the provider's sign-in page
// driven with fetch as a browser would, and the frame's calls.
import { randomUUID } from 'node:crypto'
import {
  SOCIAL_API_PATHS,
  socialConnectResponseSchema,
  socialErrorSchema,
  socialResultResponseSchema,
  socialStartResponseSchema,
  type SocialConnectResponse,
  type SocialError,
  type SocialProvider,
  type SocialResultResponse,
} from '@latch/core/api'
import {
  generateAppleDeveloperKey,
  latchServerProviders,
  localClients,
  startIdentityProvider,
  type AppleDeveloperKey,
  type IdpUser,
  type RunningIdentityProvider,
} from '@latch/identity-provider'
import { signInAtProvider, type ProviderReturn } from '@latch/identity-provider/testing'
import { afterAll, beforeAll, expect } from 'vitest'
import type { SocialConfig } from '../src/auth/social-config.js'
import { socialConfigSchema } from '../src/auth/social-config.js'
import type { Mailbox } from '@latch/mailbox'
import type { ServerConfigInput } from '../src/config/schema.js'
import type { CreateServerOptions } from '../src/server.js'
import { FRAME_ORIGIN, type FrameClient } from './auth-client.js'
import { authWorld, expectJson, type AuthWorld } from './auth-harness.js'
import type { DatabaseSuite } from './harness.js'
import { bindInBrowser, type PopupBrowser } from './social-browser.js'

/** What the provider vouches for about a user's email. */
export type EmailKind = 'verified' | 'unverified' | 'none'

/** The identity provider of a test file, and its users, each handed to one test only. */
export interface SocialProviderHarness {
  idp: RunningIdentityProvider
  appleKey: AppleDeveloperKey
  /** A user no other test got, with an email of that kind (unique to this run). */
  user(kind: EmailKind): IdpUser
}

/** How many users of each kind a file's provider holds. */
const USERS_PER_KIND = 40

/** Users with addresses no other run has, and provider ids (digits) no other run has either. */
function scriptedUsers(): IdpUser[] {
  const run = randomUUID().slice(0, 8)
  const base = 100_000_000 + Math.floor(Math.random() * 800_000_000)
  const kinds: EmailKind[] = ['verified', 'unverified', 'none']
  return kinds.flatMap((kind, k) =>
    Array.from({ length: USERS_PER_KIND }, (_, i) => {
      const username = `${kind.slice(0, 3)}${i}-${run}`
      return {
        sub: String(base * 10 + k * USERS_PER_KIND + i),
        username,
        name: `${kind} user ${i}`,
        ...(kind === 'none'
          ? {}
          : { email: `${username}@social.example.test`, emailVerified: kind === 'verified' }),
      }
    }),
  )
}

/** The server's callback, as registered with each provider. */
export const callbackUrl = (provider: SocialProvider) =>
  `${FRAME_ORIGIN}${SOCIAL_API_PATHS.callback}/${provider}`

/**
 * Starts the local identity provider before a file's tests (six providers, Apple verifying the
 * real ES256 client secret) and stops it after them.
 */
export function useIdentityProvider(): () => SocialProviderHarness {
  let harness: SocialProviderHarness | undefined
  beforeAll(async () => {
    const appleKey = await generateAppleDeveloperKey()
    const clients = localClients(callbackUrl)
    const idp = await startIdentityProvider({
      clients: { ...clients, apple: { ...clients.apple, appleClientSecretKey: appleKey.verify } },
      users: scriptedUsers(),
    })
    const handedOut = new Set<string>()
    harness = {
      idp,
      appleKey,
      user(kind) {
        const user = idp.users.find(
          (candidate) =>
            !handedOut.has(candidate.sub) &&
            (kind === 'none'
              ? candidate.email === undefined
              : candidate.email !== undefined && candidate.emailVerified === (kind === 'verified')),
        )
        if (!user) throw new Error(`no ${kind} user left: raise USERS_PER_KIND`)
        handedOut.add(user.sub)
        return user
      },
    }
  })
  afterAll(() => harness?.idp.stop())
  return () => {
    if (!harness) throw new Error('the identity provider is not started yet')
    return harness
  }
}

/**
 * The `social` section pointing every provider (or those listed) at the local identity
 * provider: the development client ids and secrets, Apple with the developer key.
 */
export function socialTestConfig(
  harness: SocialProviderHarness,
  providers: readonly SocialProvider[] = ['google', 'github', 'apple', 'facebook', 'x', 'discord'],
  extra: Partial<Omit<SocialConfig, 'providers'>> = {},
): SocialConfig {
  const { idp, appleKey } = harness
  const providerConfig = latchServerProviders(idp.providers, appleKey, providers)
  return socialConfigSchema.parse({ ...extra, providers: providerConfig })
}

/** No mail goes out in a social login: an SMTP server nobody listens on. */
const NO_MAIL = { smtp: { host: '127.0.0.1', port: 9 } }

/** What a social test's server runs with besides the defaults. */
export interface SocialWorldOptions {
  /** The providers turned on: all six by default. */
  providers?: readonly SocialProvider[]
  social?: Partial<Omit<SocialConfig, 'providers'>>
  /** A real mailbox, for tests that also log in by email. */
  mailbox?: Pick<Mailbox, 'smtp'>
  server?: CreateServerOptions
  auth?: Partial<NonNullable<ServerConfigInput['auth']>>
}

/** A server with email and social login on the suite's database (see authWorld). */
export function socialWorld(
  suite: DatabaseSuite,
  harness: SocialProviderHarness,
  options: SocialWorldOptions = {},
): Promise<AuthWorld> {
  return authWorld(suite, options.mailbox ?? NO_MAIL, options.auth ?? {}, options.server ?? {}, {
    social: socialTestConfig(harness, options.providers, options.social),
  })
}

// The popup at the provider, driven through its sign-in page by the identity provider's own
// test helper; the redirect back to the server is returned, not followed.
export { signInAtProvider, type ProviderReturn }

/**
 * The popup arriving at the server's callback, as the browser sends it (Apple's POST too), with
 * the cookies `browser` holds for it (`null`: a browser that never bound the flow).
 */
export async function deliverToCallback(
  world: Pick<AuthWorld, 'server' | 'ip'>,
  back: Pick<ProviderReturn, 'method' | 'url' | 'params'>,
  providerOrigin: string,
  browser: PopupBrowser | null,
): Promise<Response> {
  const cookie = browser?.cookieFor(new URL(back.url).pathname)
  const headers = {
    'x-forwarded-for': `203.0.113.7, ${world.ip}`,
    ...(cookie !== undefined ? { cookie } : {}),
  }
  const response = await callback(world, back, providerOrigin, headers)
  browser?.take(response)
  return response
}

function callback(
  world: Pick<AuthWorld, 'server'>,
  back: Pick<ProviderReturn, 'method' | 'url' | 'params'>,
  providerOrigin: string,
  headers: Record<string, string>,
): Promise<Response> {
  if (back.method === 'GET') {
    const url = new URL(back.url)
    url.search = back.params.toString()
    return world.server.fetch(new Request(url, { headers }))
  }
  return world.server.fetch(
    new Request(back.url, {
      method: 'POST',
      // A cross-site form post: the browser names the provider's origin.
      headers: {
        ...headers,
        origin: providerOrigin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: back.params.toString(),
    }),
  )
}

/** The frame's start call, checked: the popup's URL, the flow id and its binding. */
export async function startCall(frame: FrameClient, provider: SocialProvider) {
  const response = await frame.call(SOCIAL_API_PATHS.start, { provider })
  return socialStartResponseSchema.parse(await expectJson(response, 200))
}

/**
 * The frame starts a flow and its popup's page binds it in a new browser (issue 29): the
 * popup's URL (where the page goes next: the start's own), the flow id, and the browser.
 */
export async function startFlow(
  world: Pick<AuthWorld, 'server' | 'ip' | 'projectId'>,
  frame: FrameClient,
  provider: SocialProvider,
) {
  const started = await startCall(frame, provider)
  const { browser, next } = await bindInBrowser(world, started)
  expect(next).toBe(started.uri)
  return { ...started, browser }
}

export async function readResult(
  frame: FrameClient,
  flowId: string,
): Promise<SocialResultResponse> {
  const response = await frame.call(SOCIAL_API_PATHS.result, { flowId })
  return socialResultResponseSchema.parse(await expectJson(response, 200))
}

export async function connect(frame: FrameClient, flowId: string): Promise<SocialConnectResponse> {
  const response = await frame.call(SOCIAL_API_PATHS.connect, { flowId })
  return socialConnectResponseSchema.parse(await expectJson(response, 200))
}

/** A social call's refusal, with its status checked. */
export async function expectSocialError(response: Response, status: number): Promise<SocialError> {
  return socialErrorSchema.parse(await expectJson(response, status))
}

/**
 * A whole social login of a device, as the frame and the popup make it: start, the provider's
 * sign-in, the callback, the result (ready), connect.
 */
export async function socialLogin(
  world: AuthWorld,
  frame: FrameClient,
  provider: SocialProvider,
  username: string,
): Promise<SocialConnectResponse & { back: ProviderReturn; callback: Response }> {
  const { uri, flowId, browser } = await startFlow(world, frame, provider)
  expect(await readResult(frame, flowId)).toEqual({ status: 'pending' })
  const back = await signInAtProvider(uri, { username })
  const callback = await deliverToCallback(world, back, new URL(uri).origin, browser)
  expect(callback.status, await callback.clone().text()).toBe(200)
  expect(await readResult(frame, flowId)).toEqual({ status: 'ready' })
  return { ...(await connect(frame, flowId)), back, callback }
}
