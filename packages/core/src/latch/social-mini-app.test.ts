import { FrameError, type FrameUser } from '@latch/frame'
import { describe, expect, it, vi } from 'vitest'
import { socialResultUri, SOCIAL_OTHER_BROWSER_TEXT } from '../api/social.js'
import { selectSocialLogin } from '../flows/social/social-login.selectors.js'
import { selectRoute } from '../machines/modal.selectors.js'
import type { MiniAppPage } from '../platform/mini-app-page.js'
import { createLatchStorage } from '../storage/latch-storage.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { fakeOpener, TEST_SOCIAL_BINDING } from '../testing/fake-popup.js'
import { devnetA } from '../testing/networks.js'
import { scriptedFrame } from '../testing/scripted-frame.js'
import { createLatch } from './create-latch.js'

/*
 * Issue 29, SPEC §2: the mini-app return flow through createLatch, as a host without React gets
 * it. Inside a mini app a social login leaves the page for the provider instead of opening a
 * popup; the page comes back with `result_uri`, which the instance takes out of the address bar
 * when it first runs and hands to the frame.
 */

const SERVER = 'http://127.0.0.1:4000'
const PAGE = 'http://127.0.0.1:5173/shop?item=7#tgWebAppData=abc'
const AUTH_ADDRESS = `0x${'a1'.repeat(20)}`
const PROVIDER_URL = 'https://github.test/authorize?state=s'
const RESULT_URI = socialResultUri(SERVER, {
  provider: 'github',
  flowId: '0b5c1b1e-6a43-4f5e-9a4e-8c1c2d3e4f50',
  code: 'cmV0dXJuLWNvZGUtb2YtYS10ZXN0LWZsb3ctMDAwMDA',
})

/** `PAGE` come back with `result_uri` (the query parameter, as the server's callback adds it). */
function pageWithResult(resultUri: string, base = PAGE): string {
  const url = new URL(base)
  url.searchParams.set('result_uri', resultUri)
  return url.href
}

/** The host page in memory: a mini app or not, its URL, where it went and what it rewrote. */
function fakePage(href: string, miniApp = true) {
  const state = { href, left: [] as string[], replaced: [] as string[] }
  const page: MiniAppPage = {
    isMiniApp: () => miniApp,
    href: () => state.href,
    leave: (url) => void state.left.push(url),
    replaceUrl: (url) => {
      state.replaced.push(url)
      state.href = url
    },
  }
  return { state, page }
}

type Connect = (payload: unknown, signal: AbortSignal | undefined) => FrameUser | Promise<FrameUser>

function setup(href: string, options: { miniApp?: boolean; connect?: Connect } = {}) {
  const port = createMemoryStorage()
  const opener = fakeOpener()
  const { state, page } = fakePage(href, options.miniApp ?? true)
  const asked: { redirect: unknown[]; connect: unknown[] } = { redirect: [], connect: [] }
  const user: FrameUser = { address: AUTH_ADDRESS, chainId: 'eip155:31337', userName: 'ada' }
  const frame = scriptedFrame({
    GET_SOCIAL_REDIRECT_URI: (payload) => {
      asked.redirect.push(payload)
      return { uri: PROVIDER_URL, binding: TEST_SOCIAL_BINDING }
    },
    CONNECT_SOCIAL: (payload, signal) => {
      asked.connect.push(payload)
      return options.connect ? options.connect(payload, signal) : user
    },
    RPC_REQUEST: (payload) => (Object(payload).method === 'accounts' ? [AUTH_ADDRESS] : '31337'),
    SIGN_OUT: () => undefined,
  })
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const latch = createLatch(
    { projectId: 'p', serverUrl: SERVER, networks: [devnetA], adapters: [fake.adapter] },
    {
      storage: port,
      authFrame: frame.authFrame,
      socialPopup: opener.open,
      miniAppPage: page,
      fetch: async () => new Response('unavailable', { status: 503 }),
      fetchProjectConfig: () => Promise.reject(new Error('offline')),
      clearBrowserData: async () => {},
    },
  )
  const view = () =>
    latch.modal.getSnapshot().matches({ visibility: 'open' })
      ? selectRoute(latch.modal.getSnapshot()).view
      : undefined
  const login = () => selectSocialLogin(latch.socialLogin?.getSnapshot())
  const storage = createLatchStorage({ port })
  return { latch, frame, opener, state, asked, view, login, storage }
}

describe('the mini-app return flow (issue 29, SPEC §2)', () => {
  it('in a mini app a social login opens no popup: the page leaves for the provider and will come back here', async () => {
    const old = pageWithResult(RESULT_URI)
    const { latch, opener, state, asked, view, login } = setup(PAGE)
    await latch.ready()
    // The page at the time of the click: an old result left in it is not part of the return.
    state.href = old
    void latch.connectSocial('github').catch(() => undefined)
    await vi.waitFor(() => expect(state.left).toEqual([PROVIDER_URL]))
    expect(opener.popups).toEqual([])
    expect(asked.redirect).toEqual([{ provider: 'github', returnUrl: PAGE }])
    expect(view()).toBe('ConnectingSocial')
    expect(login()).toMatchObject({ step: 'leavingPage', redirect: true, provider: 'github' })
    latch.destroy()
  })

  it('outside a mini app the popup opens as before, and no return URL is asked for', async () => {
    const { latch, opener, state, asked } = setup(PAGE, { miniApp: false })
    await latch.ready()
    void latch.connectSocial('github').catch(() => undefined)
    await vi.waitFor(() => expect(asked.redirect).toEqual([{ provider: 'github' }]))
    expect(opener.popups).toHaveLength(1)
    expect(state.left).toEqual([])
    latch.destroy()
  })

  it('back with result_uri: it leaves the address bar at once, and the frame finishes the login with it', async () => {
    const { latch, state, asked, view, storage } = setup(pageWithResult(RESULT_URI))
    latch.start()
    // Taken out as the instance first runs, the rest of the URL (query, hash) kept as it was.
    await vi.waitFor(() => expect(state.replaced).toEqual([PAGE]))
    await vi.waitFor(() => expect(latch.getAccount().isConnected).toBe(true))
    expect(asked.connect).toEqual([expect.objectContaining({ uri: RESULT_URI })])
    expect(asked.redirect).toEqual([])
    expect(latch.getAccount().address).toBe(AUTH_ADDRESS)
    expect(storage.get('socialProvider')).toBe('github')
    expect(storage.get('socialUsername')).toBe('ada')
    await vi.waitFor(() => expect(view()).toBeUndefined())
    latch.destroy()
  })

  it("a result_uri that is not this server's is the host's own: left in place, nothing asked", async () => {
    const theirs = socialResultUri('http://127.0.0.1:9999', {
      provider: 'github',
      flowId: '0b5c1b1e-6a43-4f5e-9a4e-8c1c2d3e4f50',
      code: 'cmV0dXJuLWNvZGUtb2YtYS10ZXN0LWZsb3ctMDAwMDA',
    })
    for (const value of [theirs, 'not a url', `${RESULT_URI}&code=again`]) {
      const { latch, state, asked, view } = setup(pageWithResult(value))
      await latch.ready()
      await vi.waitFor(() => expect(latch.actor.getSnapshot().context.port).toBeDefined())
      expect(state.replaced).toEqual([])
      expect(asked.connect).toEqual([])
      expect(view()).toBeUndefined()
      latch.destroy()
    }
  })

  it("a login finished in another browser: the frame's refusal in a toast, and Try again starts anew", async () => {
    const refusal = new FrameError('remote', { remoteMessage: SOCIAL_OTHER_BROWSER_TEXT })
    const { latch, state, asked, view, login } = setup(pageWithResult(RESULT_URI), {
      connect: () => Promise.reject(refusal),
    })
    latch.start()
    await vi.waitFor(() =>
      expect(latch.toast.getSnapshot().context.toast).toMatchObject({
        code: 'SOCIAL_OTHER_BROWSER',
        variant: 'error',
      }),
    )
    expect(state.replaced).toEqual([PAGE])
    expect(view()).toBe('Connect')
    expect(latch.getAccount().isConnected).toBe(false)
    // A new login: the result URI is good once, so it is never handed to the frame again.
    void latch.connectSocial('github').catch(() => undefined)
    await vi.waitFor(() => expect(state.left).toEqual([PROVIDER_URL]))
    expect(asked.connect).toHaveLength(1)
    expect(login().step).toBe('leavingPage')
    latch.destroy()
  })
})
