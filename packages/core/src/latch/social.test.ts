import { FrameError, type FrameUser } from '@latch/frame'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isLatchError } from '../errors/latch-error.js'
import { selectRoute } from '../machines/modal.selectors.js'
import { route } from '../router/routes.js'
import {
  SOCIAL_POPUP_CLOSED_GRACE_MS,
  SOCIAL_POPUP_POLL_MS,
  SOCIAL_RESULT_WAIT_MS,
} from '../flows/social/social-login.machine.js'
import { selectSocialLogin } from '../flows/social/social-login.selectors.js'
import { createLatchStorage } from '../storage/latch-storage.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { deferred, type Deferred } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { fakeOpener, TEST_SOCIAL_BINDING } from '../testing/fake-popup.js'
import { devnetA } from '../testing/networks.js'
import { scriptedFrame } from '../testing/scripted-frame.js'
import { createLatch, type Latch } from './create-latch.js'
import type { LatchOptions } from '../options/schema.js'
import { selectFlow } from './root-selectors.js'

/*
 * Issue 12 through createLatch with no view: `connectSocial` opens the popup in the call, the
 * ConnectingSocial route's flow runs the login through a scripted secure frame, and the AUTH
 * connector connects through the frame's provider, as a host without React gets it.
 */

const SERVER = 'http://127.0.0.1:4000'
const LOADING_PAGE = `${SERVER}/secure-frame/social-popup`
const AUTH_ADDRESS = `0x${'a1'.repeat(20)}`
const providerUrl = (provider: string) => `https://${provider}.test/authorize?state=s`

const methodOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'method' in payload
    ? payload.method
    : undefined

/**
 * An instance with a Latch server, a scripted frame and `window.open` in memory. Each
 * CONNECT_SOCIAL waits for the test (the visitor at the provider), its signal kept.
 */
function socialSetup(
  options: Partial<LatchOptions> = {},
  /** When the frame's provider answers the AUTH connector's accounts (at once by default). */
  accountsAnswered: () => Promise<void> = async () => undefined,
) {
  const port = createMemoryStorage()
  const opener = fakeOpener()
  const waits: Array<{ answer: Deferred<FrameUser>; signal: AbortSignal | undefined }> = []
  const frame = scriptedFrame({
    GET_SOCIAL_REDIRECT_URI: (payload) => ({
      uri: providerUrl(String(Object(payload).provider)),
      binding: TEST_SOCIAL_BINDING,
    }),
    CONNECT_SOCIAL: (_, signal) => {
      const answer = deferred<FrameUser>()
      waits.push({ answer, signal })
      return answer.promise
    },
    // The AUTH connector's provider, as the EVM adapter reads it through the frame.
    RPC_REQUEST: async (payload) => {
      if (methodOf(payload) !== 'accounts') return '31337'
      await accountsAnswered()
      return [AUTH_ADDRESS]
    },
    SIGN_OUT: () => undefined,
  })
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const latch = createLatch(
    {
      projectId: 'p',
      serverUrl: SERVER,
      networks: [devnetA],
      adapters: [fake.adapter],
      ...options,
    },
    {
      storage: port,
      authFrame: frame.authFrame,
      socialPopup: opener.open,
      fetch: async () => new Response('unavailable', { status: 503 }),
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
      clearBrowserData: async () => {},
    },
  )
  const storage = createLatchStorage({ port })
  const view = () =>
    latch.modal.getSnapshot().matches({ visibility: 'open' })
      ? selectRoute(latch.modal.getSnapshot()).view
      : undefined
  // The login on show; none runs (idle) once its view was left.
  const login = () => selectSocialLogin(latch.socialLogin?.getSnapshot())
  const user = (userName: string): FrameUser => ({
    address: AUTH_ADDRESS,
    chainId: 'eip155:31337',
    userName,
  })
  return { latch, fake, frame, opener, waits, storage, view, login, user }
}

/** {@link socialSetup}, running: what a page has before its visitor clicks. */
async function runningSetup(options: Partial<LatchOptions> = {}) {
  const kit = socialSetup(options)
  await kit.latch.ready()
  return kit
}

/** A running instance whose visitor clicked `provider` and is now at the provider. */
async function atProvider(provider: Parameters<Latch['connectSocial']>[0]) {
  const kit = await runningSetup()
  const outcome = outcomeOf(kit.latch.connectSocial(provider))
  await untilStep(kit.login, 'awaitingProvider')
  return { ...kit, outcome }
}

/** Lets the promise callbacks and zero-delay timers run. */
async function settle() {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0)
}

/** Waits until the login reached `step` (its first run loads the auth chunk: real time). */
async function untilStep(login: () => { step: string } | undefined, step: string) {
  await vi.waitFor(() => expect(login()?.step).toBe(step))
  await settle()
}

/** The outcome of a host's promise, once it settled. */
function outcomeOf<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; settled: boolean } = { settled: false }
  promise.then(
    (value) => Object.assign(outcome, { value, settled: true }),
    (error: unknown) => Object.assign(outcome, { error, settled: true }),
  )
  return outcome
}

describe('social login through createLatch (issue 12)', () => {
  afterEach(() => vi.useRealTimers())

  it('opens the popup in the call itself, before any await, on the frame origin’s loading page', async () => {
    const { latch, opener } = await runningSetup()
    void latch.connectSocial('github').catch(() => undefined)
    expect(opener.popups.map((popup) => popup.urls)).toEqual([[LOADING_PAGE]])
    latch.destroy()
  })

  it('an instance not running yet still opens the popup in the call, then sends it to the loading page', async () => {
    const { latch, opener } = socialSetup()
    void latch.connectSocial('github').catch(() => undefined)
    // Synchronously, before the instance even started: a blank window, on the click.
    expect(opener.popups.map((popup) => popup.urls)).toEqual([['about:blank']])
    await latch.ready()
    await vi.waitFor(() => expect(opener.popups[0]!.urls[1]).toBe(LOADING_PAGE))
    latch.destroy()
  })

  it('logs in: ConnectingSocial, the popup at the provider, the session, the AUTH connection', async () => {
    vi.useFakeTimers()
    const {
      latch,
      fake,
      frame,
      opener,
      waits,
      storage,
      view,
      login,
      user,
      outcome: connected,
    } = await atProvider('github')
    expect(view()).toBe('ConnectingSocial')
    expect(selectFlow(latch.actor.getSnapshot())).toBe('connectingSocial')
    expect(login()?.step).toBe('awaitingProvider')
    const popup = opener.popups[0]!
    expect(popup.urls).toEqual([LOADING_PAGE, providerUrl('github')])
    expect(frame.requests).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'])

    waits[0]!.answer.resolve(user('ada'))
    await settle()
    expect(connected.value).toEqual({
      acct: AUTH_ADDRESS,
      connectorData: { name: 'Email', icon: undefined },
    })
    expect(fake.calls).toContain('lend:auth:on')
    expect(latch.getAccount()).toMatchObject({ isConnected: true, address: AUTH_ADDRESS })
    expect(popup.closedBy).toBe('core')
    expect(view()).toBeUndefined()
    expect(storage.get('socialProvider')).toBe('github')
    expect(storage.get('socialUsername')).toBe('ada')
    expect(storage.get('emailLoginUsed')).toBe(true)

    // SPEC §4: the logout signs out in the frame and clears the login cache, provider included.
    await latch.disconnect()
    expect(frame.requests).toContain('SIGN_OUT')
    expect(storage.get('socialProvider')).toBeUndefined()
    expect(storage.get('socialUsername')).toBeUndefined()
    latch.destroy()
  })

  it('a second click while the AUTH connector still connects abandons that connect first', async () => {
    vi.useFakeTimers()
    const held = deferred<void>()
    const kit = socialSetup({}, () => held.promise)
    await kit.latch.ready()
    void kit.latch.connectSocial('github').catch(() => undefined)
    await untilStep(kit.login, 'awaitingProvider')
    kit.waits[0]!.answer.resolve(kit.user('ada'))
    await settle()
    expect(kit.login()?.step).toBe('connecting')
    expect(kit.latch.connection.getSnapshot().matches('connecting')).toBe(true)

    // The visitor clicks again: a new login starts, and the first one's connect is dropped.
    void kit.latch.connectSocial('github').catch(() => undefined)
    await untilStep(kit.login, 'awaitingProvider')
    expect(kit.latch.connection.getSnapshot().matches('connecting')).toBe(false)
    held.resolve()
    await settle()
    expect(kit.latch.getAccount().isConnected).toBe(false)
    kit.latch.destroy()
  })

  it('a blocked popup: the view says so, the promise rejects, and a fresh click goes on', async () => {
    vi.useFakeTimers()
    const { latch, frame, opener, view, login } = await runningSetup()
    opener.block()
    const blocked = outcomeOf(latch.connectSocial('x'))
    await settle()
    expect(isLatchError(blocked.error, 'SOCIAL_POPUP_BLOCKED')).toBe(true)
    expect(view()).toBe('ConnectingSocial')
    expect(login()).toMatchObject({ step: 'failed', failure: { kind: 'popupBlocked' } })
    expect(frame.requests).toEqual([])

    void latch.connectSocial('x').catch(() => undefined)
    await untilStep(login, 'awaitingProvider')
    expect(opener.popups[0]!.urls.at(-1)).toBe(providerUrl('x'))
    latch.destroy()
  })

  it('a popup the visitor closed: SPEC §8 "Something went wrong", back to Connect', async () => {
    vi.useFakeTimers()
    const { latch, opener, waits, view, login } = await runningSetup()
    latch.open()
    await settle()
    const closed = outcomeOf(latch.connectSocial('discord'))
    await untilStep(login, 'awaitingProvider')
    opener.popups[0]!.closeByVisitor()
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS + SOCIAL_POPUP_CLOSED_GRACE_MS)
    await settle()
    expect(isLatchError(closed.error, 'SOMETHING_WENT_WRONG')).toBe(true)
    expect(view()).toBe('Connect')
    expect(latch.toast.getSnapshot().context.toast).toMatchObject({
      code: 'SOMETHING_WENT_WRONG',
      message: 'Something went wrong',
      variant: 'error',
    })
    expect(waits[0]!.signal?.aborted).toBe(true)
    latch.destroy()
  })

  it("a refusal at the provider: the frame's text in a toast, back to Connect", async () => {
    vi.useFakeTimers()
    const { latch, opener, waits, view, outcome: refused } = await atProvider('google')
    waits[0]!.answer.reject(
      new FrameError('remote', { remoteMessage: 'The visitor refused to share their account' }),
    )
    await settle()
    expect(isLatchError(refused.error, 'SOCIAL_LOGIN_FAILED')).toBe(true)
    expect((refused.error as Error).message).toBe(
      'Social login failed: The visitor refused to share their account',
    )
    expect(latch.toast.getSnapshot().context.toast?.message).toBe(
      'The visitor refused to share their account',
    )
    // It was the first view: back to Connect, the modal still open.
    expect(view()).toBe('Connect')
    expect(opener.popups[0]!.closedBy).toBe('core')
    latch.destroy()
  })

  it('45 s without a result: the flow ends cleanly, its popup closed and its call aborted', async () => {
    vi.useFakeTimers()
    const { latch, opener, waits, view, outcome: timedOut } = await atProvider('apple')
    await vi.advanceTimersByTimeAsync(SOCIAL_RESULT_WAIT_MS)
    await settle()
    expect(isLatchError(timedOut.error, 'EMBEDDED_WALLET_REQUEST_TIMEOUT')).toBe(true)
    expect(view()).toBe('Connect')
    expect(opener.stillOpen()).toEqual([])
    expect(waits[0]!.signal?.aborted).toBe(true)
    latch.destroy()
  })

  it('asks CONNECT_SOCIAL again after the 30 s request timeout, while the frame still waits', async () => {
    vi.useFakeTimers()
    const { latch, frame, waits, login } = await atProvider('github')
    waits[0]!.answer.reject(new FrameError('iframe_request_timeout', { event: 'CONNECT_SOCIAL' }))
    await settle()
    expect(login()?.step).toBe('awaitingProvider')
    expect(frame.requests.filter((request) => request === 'CONNECT_SOCIAL')).toHaveLength(2)
    latch.destroy()
  })

  it('leaving the view stops the login: the popup closes, the call is aborted', async () => {
    vi.useFakeTimers()
    const { latch, opener, waits, login, outcome: left } = await atProvider('facebook')
    latch.close()
    await settle()
    expect(isLatchError(left.error, 'USER_REJECTED')).toBe(true)
    expect(opener.popups[0]!.closedBy).toBe('core')
    expect(waits[0]!.signal?.aborted).toBe(true)
    expect(login()?.step).toBe('idle')
    // A late answer from the frame connects nothing.
    waits[0]!.answer.resolve({ address: AUTH_ADDRESS, chainId: 'eip155:31337' })
    await settle()
    expect(latch.getAccount().isConnected).toBe(false)
    latch.destroy()
  })

  it('a host opening ConnectingSocial (no click of Latch’s) gets the flow; RETRY opens another popup', async () => {
    vi.useFakeTimers()
    const { latch, opener, waits, login } = await runningSetup()
    await latch.ready()
    latch.open({ route: route('ConnectingSocial', { provider: 'google' }) })
    await untilStep(login, 'awaitingProvider')
    expect(opener.popups.map((popup) => popup.urls)).toEqual([
      [LOADING_PAGE, providerUrl('google')],
    ])
    waits[0]!.answer.reject(new FrameError('iframe_load_failed'))
    await settle()
    expect(login()).toMatchObject({ step: 'failed', failure: { kind: 'failed' } })
    latch.actor.send({ type: 'RETRY' })
    await settle()
    expect(opener.popups).toHaveLength(2)
    expect(login()?.step).toBe('awaitingProvider')
    latch.destroy()
  })

  it('offers only the providers of features.socials, and none without a Latch server', async () => {
    const some = socialSetup({ features: { socials: ['google'] } })
    const refused = outcomeOf(some.latch.connectSocial('github'))
    const unknown = outcomeOf(some.latch.connectSocial('myspace' as 'github'))
    const serverless = socialSetup({ serverUrl: undefined })
    const none = outcomeOf(serverless.latch.connectSocial('google'))
    await Promise.resolve()
    await Promise.resolve()
    for (const outcome of [refused, unknown, none])
      expect(isLatchError(outcome.error, 'FEATURE_NOT_AVAILABLE')).toBe(true)
    expect((refused.error as Error).message).toBe(
      'Not available in this version of Latch: features.socials.github',
    )
    expect([...some.opener.popups, ...serverless.opener.popups]).toEqual([])
    some.latch.destroy()
    serverless.latch.destroy()
  })
})
