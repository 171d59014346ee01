import { SOCIAL_API_PATHS, SOCIAL_PROVIDERS, type SocialProvider } from '@latch/core/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_EXPIRED } from './session.js'
import { SOCIAL_TIMED_OUT, SOCIAL_UNKNOWN_URI } from './social.js'
import { completePopup, startSocialProviders, type SocialProviders } from './test/social.js'
import { expectAbortStopsPolling, FAST, movableClock } from './test/polling.js'
import { approveByMail, newFrame, startWorld, type TestFrame, type World } from './test/world.js'

// The social login, frame to real server to the real local identity provider and back:
// GET_SOCIAL_REDIRECT_URI, the popup at the provider, the callback, CONNECT_SOCIAL's wait.

/** The providers whose email the server takes (they say it is verified). */
const VOUCH_FOR_EMAIL = new Set<SocialProvider>(['google', 'github', 'apple', 'discord'])

let providers: SocialProviders
let world: World
const clock = movableClock()

beforeAll(async () => {
  providers = await startSocialProviders()
  world = await startWorld({
    social: providers.config,
    now: clock.now,
  })
})
afterAll(async () => {
  await world?.stop()
  await providers?.stop()
})

/** The provider's URI for the popup, and CONNECT_SOCIAL already waiting for its result. */
async function startLogin(frame: TestFrame, provider: SocialProvider, signal?: AbortSignal) {
  const { uri, binding } = await frame.call('GET_SOCIAL_REDIRECT_URI', { provider })
  const connecting = frame.call('CONNECT_SOCIAL', { uri, chainId: 31337 }, signal)
  // Settled or not, the rejection is handled by whoever awaits it later.
  connecting.catch(() => undefined)
  return { uri, login: { uri, binding }, connecting }
}

/** A whole login: the popup approved at the provider by `username`. */
async function socialLogin(frame: TestFrame, provider: SocialProvider, username: string) {
  const { login, connecting } = await startLogin(frame, provider)
  expect(await completePopup(world, login, { username })).toBe(200)
  return connecting
}

const resultCalls = () => world.paths.filter((path) => path === SOCIAL_API_PATHS.result).length

describe('social login in the secure frame', () => {
  it.each(SOCIAL_PROVIDERS)(
    'with %s: the provider’s URI, the sign-in, then the user and a session',
    async (provider) => {
      const frame = await newFrame(world, undefined, FAST)
      const person = providers.user()
      const { uri, login, connecting } = await startLogin(frame, provider)
      expect(uri.startsWith(providers.idp.providers[provider].authorizationEndpoint)).toBe(true)
      expect(await completePopup(world, login, { username: person.username })).toBe(200)
      const user = await connecting
      expect(user).toMatchObject({
        chainId: 31337,
        preferredAccountType: 'eoa',
        smartAccountDeployed: false,
      })
      expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
      // X gives no email, and Facebook never says its email is verified: the account has none.
      expect(user.email).toBe(VOUCH_FOR_EMAIL.has(provider) ? person.email : undefined)
      expect(user.userName).toMatch(/\S/)
      expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
      expect((await frame.call('GET_USER', {})).address).toBe(user.address)
    },
  )

  it('gives the username the provider knows (GitHub’s login)', async () => {
    const frame = await newFrame(world, undefined, FAST)
    const person = providers.user()
    const user = await socialLogin(frame, 'github', person.username)
    expect(user.userName).toBe(person.username)
  })

  it('finds the same wallet for the same provider user after sign-out, and on a new device once approved', async () => {
    const person = providers.user()
    const email = person.email ?? expect.unreachable('a scripted user with an email')
    const laptop = await newFrame(world, undefined, FAST)
    const { address } = await socialLogin(laptop, 'google', person.username)
    // A new device: its sign-in alone releases no share (finding 2); the mailed link approves it.
    const phone = await newFrame(world, undefined, FAST)
    await expect(socialLogin(phone, 'google', person.username)).rejects.toThrow(
      'This device is not approved yet: open the link sent to your email',
    )
    expect(await approveByMail(world, email)).toBe(200)
    expect((await socialLogin(phone, 'google', person.username)).address).toBe(address)
    await laptop.call('SIGN_OUT', undefined)
    expect((await socialLogin(laptop, 'google', person.username)).address).toBe(address)
  })

  it('ends with the provider’s refusal when the visitor denies consent', async () => {
    const frame = await newFrame(world, undefined, FAST)
    const { uri, login, connecting } = await startLogin(frame, 'discord')
    expect(await completePopup(world, login, { decision: 'deny' })).toBe(400)
    await expect(connecting).rejects.toThrow('The sign-in was cancelled at the provider')
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
    // The flow is over: the same URI is not waited for again.
    await expect(frame.call('CONNECT_SOCIAL', { uri })).rejects.toThrow(SOCIAL_UNKNOWN_URI)
  })

  it('refuses a URI it did not hand out, and one whose login is done', async () => {
    const frame = await newFrame(world, undefined, FAST)
    await expect(
      frame.call('CONNECT_SOCIAL', { uri: 'https://provider.example/auth?state=x' }),
    ).rejects.toThrow(SOCIAL_UNKNOWN_URI)
    const other = await newFrame(world, undefined, FAST)
    const { uri } = await other.call('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    // Another frame's flow is not this frame's.
    await expect(frame.call('CONNECT_SOCIAL', { uri })).rejects.toThrow(SOCIAL_UNKNOWN_URI)
    const { uri: own, login, connecting } = await startLogin(frame, 'github')
    await completePopup(world, login, { username: providers.user().username })
    await connecting
    await expect(frame.call('CONNECT_SOCIAL', { uri: own })).rejects.toThrow(SOCIAL_UNKNOWN_URI)
  })

  it('asks again after polls the network lost or the server failed', async () => {
    let failures = 0
    const flaky: typeof fetch = async (input, init) => {
      const path = new URL(new Request(input, init).url).pathname
      if (path === SOCIAL_API_PATHS.result && failures < 4) {
        failures += 1
        if (failures % 2 === 1) throw new TypeError('fetch failed')
        return Response.json({ error: 'Internal error' }, { status: 503 })
      }
      return world.fetch(input, init)
    }
    const frame = await newFrame(world, undefined, FAST, flaky)
    const person = providers.user()
    const { login, connecting } = await startLogin(frame, 'github')
    await expect.poll(() => failures).toBe(4)
    expect(await completePopup(world, login, { username: person.username })).toBe(200)
    expect((await connecting).email).toBe(person.email)
  })

  it('stops waiting when no result comes within the limit, and forgets the flow', async () => {
    const frame = await newFrame(world, undefined, { pollMs: 20, resultTimeoutMs: 300 })
    const before = resultCalls()
    const { uri, connecting } = await startLogin(frame, 'facebook')
    await expect(connecting).rejects.toThrow(SOCIAL_TIMED_OUT)
    expect(resultCalls()).toBeGreaterThan(before)
    await expect(frame.call('CONNECT_SOCIAL', { uri })).rejects.toThrow(SOCIAL_UNKNOWN_URI)
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
  })

  it('says Session Expired when the server let the flow expire', async () => {
    const frame = await newFrame(world, undefined, FAST)
    // Started 30 s in the server's past, asked about 30 s in its future: the flow's 60 s are
    // over, and every device proof stays well within its 60 s skew.
    let uri = ''
    await clock.shifted(
      -30_000,
      async () => ({ uri } = await frame.call('GET_SOCIAL_REDIRECT_URI', { provider: 'x' })),
      30_500,
      () => expect(frame.call('CONNECT_SOCIAL', { uri })).rejects.toThrow(SESSION_EXPIRED),
    )
  })

  it('stops polling when the host aborts, and a later CONNECT_SOCIAL still completes', async () => {
    const frame = await newFrame(world, undefined, FAST)
    const controller = new AbortController()
    const { uri, login, connecting } = await startLogin(frame, 'apple', controller.signal)
    await expectAbortStopsPolling(controller, connecting, resultCalls)
    // The flow itself lives on (the host may ask again within its deadline): Apple's form_post.
    const person = providers.user()
    expect(await completePopup(world, login, { username: person.username })).toBe(200)
    expect((await frame.call('CONNECT_SOCIAL', { uri })).email).toBe(person.email)
  })
})
