import { FrameError } from '@latch/frame'
import { createActor, fromPromise } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_CONNECTOR_ID } from '../../auth/auth-connector.js'
import { createLatchStorage } from '../../storage/latch-storage.js'
import { createMemoryStorage } from '../../storage/memory-storage.js'
import { deferred, flush, type Deferred } from '../../test/deferred.js'
import { fakeOpener, fakePopup, TEST_SOCIAL_BINDING } from '../../testing/fake-popup.js'
import { bindPopupLogic } from './social-popup-bind.js'
import type { PopupMessage } from './social-popup.js'
import {
  SOCIAL_POPUP_CLOSED_GRACE_MS,
  SOCIAL_POPUP_POLL_MS,
  SOCIAL_RESULT_WAIT_MS,
  socialLoginMachine,
} from './social-login.machine.js'
import { selectSocialLogin } from './social-login.selectors.js'
import type { SocialLoginEmitted, SocialLoginUser } from './social-login.types.js'

const PROVIDER_URL = 'https://github.test/login/oauth/authorize?state=s'

/**
 * A social-login machine on a memory store with a scripted frame: GET_SOCIAL_REDIRECT_URI
 * answers at once (or fails), and each CONNECT_SOCIAL waits for the test, its signal kept.
 */
function start(script: { uriError?: unknown } = {}) {
  const page = hostPage()
  const storage = createLatchStorage({ port: createMemoryStorage() })
  const opener = fakeOpener()
  const calls: string[] = []
  const waits: Array<{ answer: Deferred<SocialLoginUser>; signal: AbortSignal }> = []
  const emitted: SocialLoginEmitted[] = []
  const machine = socialLoginMachine.provide({
    actors: {
      requestUri: fromPromise(async ({ input }) => {
        calls.push(`GET_SOCIAL_REDIRECT_URI ${input.provider}`)
        if (script.uriError) throw script.uriError
        return { uri: PROVIDER_URL, binding: TEST_SOCIAL_BINDING }
      }),
      bindPopup: bindPopupLogic({ serverUrl: SERVER, projectId: 'project-a', listen: page.listen }),
      connectSocial: fromPromise(({ input, signal }) => {
        calls.push(`CONNECT_SOCIAL ${input.uri} ${input.chainId ?? ''}`.trim())
        const answer = deferred<SocialLoginUser>()
        waits.push({ answer, signal })
        return answer.promise
      }),
    },
  })
  const actor = createActor(machine, {
    input: {
      storage,
      openPopup: () => opener.open('http://127.0.0.1:4000/secure-frame/social-popup'),
    },
  })
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const view = () => selectSocialLogin(actor.getSnapshot())
  return { actor, storage, opener, calls, waits, emitted, view, page }
}

const SERVER = 'http://127.0.0.1:4000'
const loading = `${SERVER}/secure-frame/social-popup`

/** The host page's messages, in memory: a test says what a window posted it. */
function hostPage() {
  const listeners = new Set<(message: PopupMessage) => void>()
  return {
    listen(listener: (message: PopupMessage) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    post: (message: PopupMessage) => listeners.forEach((listener) => listener(message)),
    listening: () => listeners.size,
  }
}

/** The binding message core posts the popup's page (issue 29). */
const bindMessage = {
  message: {
    type: 'latch:social-bind',
    binding: TEST_SOCIAL_BINDING,
    uri: PROVIDER_URL,
    projectId: 'project-a',
  },
  targetOrigin: SERVER,
}

/** START with a popup from the click; with fake timers, the frame asked for the result. */
async function startAt(
  actor: ReturnType<typeof start>['actor'],
  provider: 'github' | 'discord' | 'apple',
) {
  const popup = fakePopup(loading)
  actor.send({ type: 'START', provider, popup })
  await vi.advanceTimersByTimeAsync(0)
  return popup
}

describe('social login machine (issue 12)', () => {
  afterEach(() => vi.useRealTimers())

  it('logs in: the popup goes to the provider, the frame answers, the login is stored', async () => {
    const { actor, storage, calls, waits, emitted, view } = start()
    const popup = fakePopup(loading)
    actor.send({ type: 'START', provider: 'github', chainId: 'eip155:31337', popup })
    await flush()
    expect(view().step).toBe('awaitingProvider')
    expect(popup.urls).toEqual([loading, PROVIDER_URL])
    expect(calls).toEqual([
      'GET_SOCIAL_REDIRECT_URI github',
      `CONNECT_SOCIAL ${PROVIDER_URL} eip155:31337`,
    ])

    waits[0]!.answer.resolve({ userName: 'ada' })
    await flush()
    expect(view().step).toBe('connecting')
    expect(popup.closedBy).toBe('core')
    expect(storage.get('emailLoginUsed')).toBe(true)
    expect(storage.get('socialProvider')).toBe('github')
    expect(storage.get('socialUsername')).toBe('ada')
    expect(emitted).toContainEqual({ type: 'loggedIn', provider: 'github', username: 'ada' })

    // Another wallet's connection is not the login's.
    actor.send({ type: 'CONNECTED', connectorId: 'io.metamask' })
    expect(view().step).toBe('connecting')
    actor.send({ type: 'CONNECTED', connectorId: AUTH_CONNECTOR_ID })
    expect(view().step).toBe('connected')
    expect(emitted.at(-1)).toEqual({ type: 'connected', provider: 'github' })
  })

  it('posts the popup its binding to the server origin only, again when its page says it listens', async () => {
    const { actor, page, view } = start()
    // Still blank: the post is dropped (no origin matches), and the page, once loaded, asks.
    const popup = fakePopup('about:blank')
    actor.send({ type: 'START', provider: 'github', popup })
    await flush()
    expect(view().step).toBe('awaitingProvider')
    expect(popup.messages).toEqual([bindMessage])
    expect(popup.urls).toEqual(['about:blank'])

    popup.location.replace(loading)
    // Another window, or the popup from another origin, asks nothing of the login.
    page.post({ source: fakePopup(loading), origin: SERVER, data: { type: 'latch:social-ready' } })
    page.post({ source: popup, origin: 'https://evil.test', data: { type: 'latch:social-ready' } })
    page.post({ source: popup, origin: SERVER, data: { type: 'latch:social-bind' } })
    expect(popup.messages).toHaveLength(1)
    page.post({ source: popup, origin: SERVER, data: { type: 'latch:social-ready' } })
    expect(popup.messages).toEqual([bindMessage, bindMessage])
    expect(popup.urls).toEqual(['about:blank', loading, PROVIDER_URL])

    // The popup closed: the login stops listening.
    popup.closeByVisitor()
    actor.send({ type: 'CANCEL' })
    expect(page.listening()).toBe(0)
  })

  it('opens the popup itself when the request brought none (a host opening the view)', async () => {
    const { actor, opener, view } = start()
    actor.send({ type: 'START', provider: 'google' })
    await flush()
    expect(opener.popups).toHaveLength(1)
    expect(opener.popups[0]!.urls).toEqual([loading, PROVIDER_URL])
    expect(view().step).toBe('awaitingProvider')
  })

  it('says a blocked popup was blocked, asks the frame nothing, and retries from a fresh click', async () => {
    const { actor, calls, emitted, view } = start()
    actor.send({ type: 'START', provider: 'x', popup: null })
    expect(view()).toMatchObject({ step: 'failed', provider: 'x' })
    expect(view().failure).toMatchObject({ kind: 'popupBlocked', code: 'SOCIAL_POPUP_BLOCKED' })
    expect(emitted.at(-1)).toMatchObject({ type: 'failed', provider: 'x' })
    expect(calls).toEqual([])

    const popup = fakePopup(loading)
    actor.send({ type: 'RETRY', popup })
    await flush()
    expect(view()).toMatchObject({ step: 'awaitingProvider', failure: undefined })
    expect(popup.urls.at(-1)).toBe(PROVIDER_URL)
  })

  it('ends with SPEC §8 "Something went wrong" once the visitor closed the popup', async () => {
    vi.useFakeTimers()
    const { actor, waits, view } = start()
    const popup = await startAt(actor, 'discord')
    popup.closeByVisitor()
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS + SOCIAL_POPUP_CLOSED_GRACE_MS - 1)
    expect(view().step).toBe('awaitingProvider')
    await vi.advanceTimersByTimeAsync(1)
    expect(view().failure).toMatchObject({ kind: 'popupClosed', message: 'Something went wrong' })
    // The frame stops waiting too: the call is aborted.
    expect(waits[0]!.signal.aborted).toBe(true)
  })

  it('keeps a login the provider gave just before the visitor closed the popup', async () => {
    vi.useFakeTimers()
    const { actor, waits, view } = start()
    const popup = await startAt(actor, 'github')
    popup.closeByVisitor()
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS + 1_000)
    waits[0]!.answer.resolve({ userName: 'ada' })
    await vi.advanceTimersByTimeAsync(0)
    expect(view().step).toBe('connecting')
  })

  it("shows the frame's refusal as sent, and SPEC §8's texts by their code", async () => {
    const { actor, waits, view } = start()
    actor.send({ type: 'START', provider: 'github', popup: fakePopup(loading) })
    await flush()
    waits[0]!.answer.reject(
      new FrameError('remote', { remoteMessage: 'The visitor refused to share their account' }),
    )
    await flush()
    expect(view().failure).toEqual({
      kind: 'refused',
      message: 'The visitor refused to share their account',
    })

    actor.send({ type: 'RETRY', popup: fakePopup(loading) })
    await flush()
    waits[1]!.answer.reject(new FrameError('remote', { remoteMessage: 'Session Expired' }))
    await flush()
    expect(view().failure).toEqual({
      kind: 'refused',
      message: 'Session Expired',
      code: 'SESSION_EXPIRED',
    })
  })

  it("takes the frame's 45 s timeout as the end, and ends by itself if the frame never answers", async () => {
    vi.useFakeTimers()
    const { actor, waits, view } = start()
    await startAt(actor, 'apple')
    waits[0]!.answer.reject(
      new FrameError('remote', { remoteMessage: 'Embedded Wallet Request Timed Out' }),
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(view().failure).toMatchObject({
      kind: 'timedOut',
      code: 'EMBEDDED_WALLET_REQUEST_TIMEOUT',
    })

    const popup = fakePopup(loading)
    actor.send({ type: 'RETRY', popup })
    await vi.advanceTimersByTimeAsync(SOCIAL_RESULT_WAIT_MS - 1)
    expect(view().step).toBe('awaitingProvider')
    await vi.advanceTimersByTimeAsync(1)
    expect(view().failure).toMatchObject({ kind: 'timedOut' })
    expect(waits[1]!.signal.aborted).toBe(true)
    expect(popup.closedBy).toBe('core')
  })

  it('stops on CANCEL: the call is aborted, the popup closed, a late answer changes nothing', async () => {
    const { actor, storage, waits, view } = start()
    const popup = fakePopup(loading)
    actor.send({ type: 'START', provider: 'facebook', popup })
    await flush()
    actor.send({ type: 'CANCEL' })
    expect(view().step).toBe('idle')
    expect(popup.closedBy).toBe('core')
    expect(waits[0]!.signal.aborted).toBe(true)
    waits[0]!.answer.resolve({ userName: 'late' })
    await flush()
    expect(view().step).toBe('idle')
    expect(storage.get('socialProvider')).toBeUndefined()
  })

  it('a new login replaces the one under way, closing its popup (not a reused window)', async () => {
    const { actor, waits, calls } = start()
    const first = fakePopup(loading)
    actor.send({ type: 'START', provider: 'github', popup: first })
    await flush()
    actor.send({ type: 'START', provider: 'google', popup: first })
    await flush()
    expect(first.closed).toBe(false)
    expect(waits[0]!.signal.aborted).toBe(true)
    const second = fakePopup(loading)
    actor.send({ type: 'START', provider: 'x', popup: second })
    expect(first.closedBy).toBe('core')
    await flush()
    expect(calls.filter((call) => call.startsWith('GET_SOCIAL'))).toEqual([
      'GET_SOCIAL_REDIRECT_URI github',
      'GET_SOCIAL_REDIRECT_URI google',
      'GET_SOCIAL_REDIRECT_URI x',
    ])
  })

  it('fails, to try again, when the frame cannot start the flow or the AUTH connector fails', async () => {
    const refused = start({
      uriError: new FrameError('remote', {
        remoteMessage: 'The server has no credentials for this provider',
      }),
    })
    const popup = fakePopup(loading)
    refused.actor.send({ type: 'START', provider: 'github', popup })
    await flush()
    expect(refused.view().failure).toEqual({
      kind: 'failed',
      message: 'The server has no credentials for this provider',
    })
    expect(popup.closedBy).toBe('core')

    const { actor, waits, view } = start()
    actor.send({ type: 'START', provider: 'github', popup: fakePopup(loading) })
    await flush()
    waits[0]!.answer.resolve({})
    await flush()
    actor.send({ type: 'CONNECT_FAILED', error: new Error('no provider') })
    expect(view().failure).toMatchObject({ kind: 'failed', code: 'UNKNOWN_ERROR' })
  })
})
