import { SOCIAL_API_PATHS, SOCIAL_FLOW_TTL_SECONDS } from '@latch/core/api'
import { expect, it } from 'vitest'
import { ProviderResponseError } from '../auth/social-errors.js'
import { FRAME_ORIGIN } from '../../test/auth-client.js'
import { expectAuthError } from '../../test/auth-harness.js'
import { describeOnEachDatabase } from '../../test/harness.js'
import {
  connect,
  deliverToCallback,
  expectSocialError,
  readResult,
  signInAtProvider,
  socialWorld,
  startFlow,
  useIdentityProvider,
  type SocialWorldOptions,
} from '../../test/social-harness.js'

// Everything a social login refuses: a refused consent, a state or code that was tampered with or
// replayed, a flow past its time, another device, a second connect, a provider that is off.

const provider = useIdentityProvider()

describeOnEachDatabase('social login refusals', (suite) => {
  /** A world whose unexpected errors are kept, not printed. */
  async function world(options: SocialWorldOptions = {}) {
    const logged: unknown[] = []
    const w = await socialWorld(suite, provider(), {
      ...options,
      server: { log: (error) => logged.push(error), ...options.server },
    })
    return { ...w, logged }
  }

  it('a refused consent at the provider ends the flow with ACCESS_DENIED', async () => {
    const w = await world()
    const frame = await w.newFrame()
    const { uri, flowId, browser } = await startFlow(w, frame, 'github')
    const back = await signInAtProvider(uri, {
      username: provider().user('verified').username,
      decision: 'deny',
    })
    expect(back.params.get('error')).toBe('access_denied')
    const page = await deliverToCallback(w, back, new URL(uri).origin, browser)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('You can close this window')
    expect(await readResult(frame, flowId)).toEqual({
      status: 'error',
      code: 'ACCESS_DENIED',
      message: 'The sign-in was cancelled at the provider',
    })
    const refused = await frame.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(refused, 409)).code).toBe('FLOW_NOT_READY')
  })

  it('a tampered state is refused and changes nothing; the real one still signs in', async () => {
    const w = await world()
    const frame = await w.newFrame()
    const { uri, flowId, browser } = await startFlow(w, frame, 'google')
    const back = await signInAtProvider(uri, { username: provider().user('verified').username })
    const state = back.params.get('state') ?? ''
    const tampered = new URLSearchParams(back.params)
    tampered.set('state', `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`)
    const refused = await deliverToCallback(
      w,
      { ...back, params: tampered },
      new URL(uri).origin,
      browser,
    )
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('no longer valid')
    expect(await readResult(frame, flowId)).toEqual({ status: 'pending' })
    // Another provider's callback with the right state: refused too (a state is one provider's).
    const elsewhere = await deliverToCallback(
      w,
      { ...back, url: new URL(`${FRAME_ORIGIN}${SOCIAL_API_PATHS.callback}/github`) },
      new URL(uri).origin,
      browser,
    )
    expect(elsewhere.status).toBe(400)
    expect((await deliverToCallback(w, back, new URL(uri).origin, browser)).status).toBe(200)
    expect(await readResult(frame, flowId)).toEqual({ status: 'ready' })
    // A state is used once: the same callback again is refused.
    const replay = await deliverToCallback(w, back, new URL(uri).origin, browser)
    expect(await replay.text()).toContain('no longer valid')
  })

  it('a tampered code is refused by the provider: the flow fails and its state is spent', async () => {
    const w = await world()
    const frame = await w.newFrame()
    const { uri, flowId, browser } = await startFlow(w, frame, 'discord')
    const back = await signInAtProvider(uri, { username: provider().user('verified').username })
    const tampered = new URLSearchParams(back.params)
    tampered.set('code', `${back.params.get('code') ?? ''}x`)
    const page = await deliverToCallback(
      w,
      { ...back, params: tampered },
      new URL(uri).origin,
      browser,
    )
    expect(page.status).toBe(400)
    expect(await readResult(frame, flowId)).toEqual({
      status: 'error',
      code: 'PROVIDER_RESPONSE_INVALID',
      message: "The provider's answer could not be verified: try again",
    })
    expect(w.logged).toHaveLength(1)
    expect(w.logged[0]).toBeInstanceOf(ProviderResponseError)
    // The genuine code cannot rescue the flow: its state was used.
    const genuine = await deliverToCallback(w, back, new URL(uri).origin, browser)
    expect(await genuine.text()).toContain('no longer valid')
    const refused = await frame.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(refused, 409)).code).toBe('FLOW_NOT_READY')
  })

  it('a flow past its time: the callback is refused and the frame is told FLOW_EXPIRED', async () => {
    const w = await world()
    const frame = await w.newFrame()
    const { uri, flowId, browser } = await startFlow(w, frame, 'x')
    const back = await signInAtProvider(uri, { username: provider().user('none').username })
    w.clock.advance(SOCIAL_FLOW_TTL_SECONDS * 1000 + 1)
    const page = await deliverToCallback(w, back, new URL(uri).origin, browser)
    expect(await page.text()).toContain('no longer valid')
    expect(await readResult(frame, flowId)).toEqual({
      status: 'error',
      code: 'FLOW_EXPIRED',
      message: 'The social login took too long: start again',
    })
    const refused = await frame.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(refused, 410)).code).toBe('FLOW_EXPIRED')
  })

  it('a ready flow not connected in time cannot be connected', async () => {
    const w = await world()
    const frame = await w.newFrame()
    const { uri, flowId, browser } = await startFlow(w, frame, 'facebook')
    const back = await signInAtProvider(uri, { username: provider().user('none').username })
    expect((await deliverToCallback(w, back, new URL(uri).origin, browser)).status).toBe(200)
    w.clock.advance(SOCIAL_FLOW_TTL_SECONDS * 1000)
    const refused = await frame.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(refused, 410)).code).toBe('FLOW_EXPIRED')
  })

  it('only the device that started the flow reads its result or connects, and only once', async () => {
    const w = await world()
    const frame = await w.newFrame()
    const thief = await w.newFrame()
    const { uri, flowId, browser } = await startFlow(w, frame, 'apple')
    const back = await signInAtProvider(uri, { username: provider().user('verified').username })
    expect((await deliverToCallback(w, back, new URL(uri).origin, browser)).status).toBe(200)

    const peek = await thief.call(SOCIAL_API_PATHS.result, { flowId })
    expect((await expectSocialError(peek, 404)).code).toBe('FLOW_NOT_FOUND')
    const steal = await thief.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(steal, 404)).code).toBe('FLOW_NOT_FOUND')

    const session = await connect(frame, flowId)
    expect(session.provider).toBe('apple')
    const twice = await frame.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(twice, 409)).code).toBe('FLOW_USED')
    const after = await frame.call(SOCIAL_API_PATHS.result, { flowId })
    expect((await expectSocialError(after, 409)).code).toBe('FLOW_USED')
  })

  it('connect before the popup came back: FLOW_NOT_READY; an unknown flow: FLOW_NOT_FOUND', async () => {
    const w = await world()
    const frame = await w.newFrame()
    const { flowId } = await startFlow(w, frame, 'github')
    const early = await frame.call(SOCIAL_API_PATHS.connect, { flowId })
    expect((await expectSocialError(early, 409)).code).toBe('FLOW_NOT_READY')
    const unknown = await frame.call(SOCIAL_API_PATHS.result, { flowId: crypto.randomUUID() })
    expect((await expectSocialError(unknown, 404)).code).toBe('FLOW_NOT_FOUND')
    const malformed = await frame.call(SOCIAL_API_PATHS.result, { flowId: 'not-a-flow' })
    expect(malformed.status).toBe(400)
  })

  it('a provider without credentials is off: start says it is not configured', async () => {
    const w = await world({ providers: ['github'] })
    const frame = await w.newFrame()
    const refused = await frame.call(SOCIAL_API_PATHS.start, { provider: 'google' })
    expect(await expectSocialError(refused, 404)).toEqual({
      error: 'Social login with google is not configured on this server',
      code: 'PROVIDER_NOT_CONFIGURED',
    })
    const unknown = await frame.call(SOCIAL_API_PATHS.start, { provider: 'myspace' })
    expect(unknown.status).toBe(400)
  })

  it('start needs the device proof and the frame origin, and is limited per client address', async () => {
    const limit = { requests: 2, windowSeconds: 600 }
    const w = await world({ social: { rateLimits: limitsWith(limit) } })
    const frame = await w.newFrame()
    const unproven = await frame.call(
      SOCIAL_API_PATHS.start,
      { provider: 'github' },
      { proof: 'none' },
    )
    expect((await expectAuthError(unproven, 401)).code).toBe('INVALID_PROOF')
    const fromHost = await frame.call(
      SOCIAL_API_PATHS.start,
      { provider: 'github' },
      { origin: 'http://127.0.0.1:5173' },
    )
    expect(fromHost.status).toBe(403)
    await startFlow(w, frame, 'github')
    await startFlow(w, await w.newFrame(), 'github')
    const third = await frame.call(SOCIAL_API_PATHS.start, { provider: 'github' })
    const limited = await expectAuthError(third, 429)
    expect(limited.code).toBe('RATE_LIMITED')
    expect(limited.error).toMatch(/^Please try again after \d+ seconds$/)
  })

  it('a callback for a provider that does not exist is refused with the page', async () => {
    const w = await world()
    const page = await w.server.fetch(
      new Request(`${FRAME_ORIGIN}${SOCIAL_API_PATHS.callback}/myspace?state=x&code=y`),
    )
    expect(page.status).toBe(400)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
  })
})

/** The social limits with `limit` on every call. */
function limitsWith(limit: { requests: number; windowSeconds: number }) {
  return { startPerIp: limit, connectPerIp: limit, resultPerIp: limit, callbackPerIp: limit }
}
