import { SOCIAL_API_PATHS } from '@latch/core/api'
import { describe, expect, it } from 'vitest'
import { runPopupPage, type PopupPageEnv, type PopupPageMessage } from './social-popup-page.js'

// The popup's first page (issue 29), on fakes of its window: it takes the binding only from its
// opener, once, sends the opener's origin with it, and goes only where the server says.

const ORIGIN = 'http://127.0.0.1:8787'
const HOST = 'http://localhost:5173'
const PROVIDER = 'https://github.test/login/oauth/authorize?state=s'
const bind = {
  type: 'latch:social-bind',
  binding: 'c29jaWFsLWJpbmRpbmctb2YtYS10ZXN0LWZsb3ctMDA',
  uri: PROVIDER,
  projectId: 'project-a',
}

function page(answer: () => Response | Promise<Response>, opener: 'app' | null = 'app') {
  const posted: Array<{ message: unknown; targetOrigin: string }> = []
  const app = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  }
  const listeners = new Set<(message: PopupPageMessage) => void>()
  const requests: Request[] = []
  const shown: string[] = []
  const went: string[] = []
  const env: PopupPageEnv = {
    opener: opener === 'app' ? app : null,
    openerOrigin: opener === 'app' ? HOST : undefined,
    origin: ORIGIN,
    listen(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    fetch: async (input, init) => {
      requests.push(new Request(input, init))
      return answer()
    },
    show: (state) => void shown.push(state),
    go: (uri) => void went.push(uri),
  }
  runPopupPage(env)
  const hear = (message: PopupPageMessage) => listeners.forEach((listener) => listener(message))
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { app, posted, hear, requests, shown, went, listeners, settled }
}

describe('the social popup’s first page', () => {
  it('tells its opener it listens, binds with the opener’s origin, and goes where the server says', async () => {
    const served = 'https://github.test/login/oauth/authorize?state=s&from=server'
    const p = page(() => Response.json({ uri: served }))
    expect(p.posted).toEqual([{ message: { type: 'latch:social-ready' }, targetOrigin: HOST }])
    p.hear({ source: p.app, origin: HOST, data: bind })
    await p.settled()
    expect(p.requests).toHaveLength(1)
    const request = p.requests[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe(`${ORIGIN}${SOCIAL_API_PATHS.bind}?projectId=project-a`)
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(await request.json()).toEqual({ binding: bind.binding, uri: PROVIDER, opener: HOST })
    expect(p.went).toEqual([served])
    // Once: the page stopped listening.
    expect(p.listeners.size).toBe(0)
  })

  it('ignores messages from any window but its opener, and malformed ones', async () => {
    const p = page(() => Response.json({ uri: PROVIDER }))
    p.hear({ source: { postMessage: () => undefined }, origin: HOST, data: bind })
    p.hear({ source: null, origin: HOST, data: bind })
    p.hear({ source: p.app, origin: HOST, data: { ...bind, binding: 'short' } })
    p.hear({ source: p.app, origin: HOST, data: { ...bind, uri: 'javascript:alert(1)' } })
    p.hear({ source: p.app, origin: HOST, data: { ...bind, extra: 1 } })
    await p.settled()
    expect(p.requests).toEqual([])
    expect(p.listeners.size).toBe(1)
  })

  it('says the sign-in is no longer valid when the server refuses, and goes nowhere', async () => {
    for (const answer of [
      () => Response.json({ error: 'No such social login: start again' }, { status: 404 }),
      () => Response.json({ uri: 'javascript:alert(1)' }),
      () => Promise.reject(new TypeError('fetch failed')),
    ]) {
      const p = page(answer)
      p.hear({ source: p.app, origin: HOST, data: bind })
      await p.settled()
      expect(p.shown).toEqual(['refused'])
      expect(p.went).toEqual([])
    }
  })

  it('opened without the app (a link pasted in a tab), it says so and binds nothing', () => {
    const p = page(() => Response.json({ uri: PROVIDER }), null)
    expect(p.shown).toEqual(['no-opener'])
    expect(p.posted).toEqual([])
    expect(p.listeners.size).toBe(0)
  })
})
